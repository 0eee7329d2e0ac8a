package io.tessera.ingest.views;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.exec.QueryResult;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.sketch.StateFamily;
import io.tessera.store.raw.AppendRequest;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A curve view planned for an unaligned dashboard panel, built by the maintainer's ingestion runs
 * over the real stores, against the exact engine on the same raw data: a 24 h range query at 15 s
 * with steps off every grid is one view read and no raw read; a late sample makes the runs that
 * read it exact, and later runs read the view again.
 */
class CurveViewTest {

    private static final long STEP = 15_000;
    private static final long T0 = 1_767_225_600_000L;
    private static final long SPAN = 26 * 3_600_000L;
    private static final long DAY = 24 * 3_600_000L;
    private static final String QUERY = "sum by (job) (rate(c[5m]))";

    private final ViewedStores stores = new ViewedStores();
    private ViewMaintainer maintainer;

    CurveViewTest() {
        Random random = new Random(9);
        for (int s = 0; s < 12; s++) {
            Labels counter = Labels.of("__name__", "c", "job", "j" + s % 3, "instance", "i" + s);
            AppendRequest.Builder c = AppendRequest.builder().series(counter);
            double total = 0;
            for (long t = T0 + 1 + random.nextInt(14_000); t < T0 + SPAN; t += STEP) {
                total = random.nextInt(500) == 0 ? 0 : total + random.nextInt(10);
                // now and then a scrape missed: a gap the extrapolation stops at
                if (random.nextInt(25) != 0) {
                    c.sample(t + (s % 4 == 3 ? random.nextInt(300) : 0), total);
                }
            }
            stores.raw.append(c.build());
        }
        InstallablePlan plan = Planner.plan(Workload.of(List.of(
                                WorkloadQuery.range(QUERY, DAY, STEP, 30_000).unaligned()))
                        .withEstimates(10_000, STEP))
                .plan();
        List<MaterializedView> views = plan.materializedViews();
        assertThat(views).extracting(v -> v.state().state().family()).containsExactly(StateFamily.CURVE);
        maintainer = stores.installViews(plan.dag(), views, T0, T0 + SPAN);
        assertThat(maintainer.runOnce(Integer.MAX_VALUE)).isGreaterThan(1_400);
    }

    @Test
    void aDayAtFifteenSecondsOffEveryGridIsOneViewReadAndEqualsTheExactAnswer() {
        long end = T0 + SPAN - 60_000 - 7_777;
        long start = end - DAY;
        QueryResult fast = stores.accelerated.range(QUERY, start, end, STEP, stores.counting);
        assertThat(stores.counting.viewReads.get()).isEqualTo(1);
        assertThat(stores.counting.rawReads.get()).isZero();
        assertThat(fast.infos()).anyMatch(i -> i.contains("kept as functions of time"));
        assertSame(fast, stores.exact.range(QUERY, start, end, STEP, stores.store));
    }

    @Test
    void aLateSampleMakesTheRunsThatReadItExact() {
        long late = T0 + SPAN - 3 * 3_600_000L + 3_333;
        stores.raw.append(AppendRequest.builder()
                .series(Labels.of("__name__", "c", "job", "j0", "instance", "i0"))
                .sample(late, 0)
                .build());
        maintainer.accepted(late, late, 1);
        QueryResult answer =
                stores.accelerated.range(QUERY, late - 3_600_000L + 1_234, late + 3_600_000L, STEP, stores.counting);
        assertThat(answer.infos()).anyMatch(i -> i.contains("answered exactly from raw data"));
        assertSame(answer, stores.exact.range(QUERY, late - 3_600_000L + 1_234, late + 3_600_000L, STEP, stores.store));
        // five minutes and a pane after it, no window holds the late sample
        long after = late + 6 * 60_000 + 1_234;
        QueryResult later = stores.accelerated.range(QUERY, after, after + 3_600_000L, STEP, stores.counting);
        assertThat(later.infos()).anyMatch(i -> i.contains("kept as functions of time"));
        assertSame(later, stores.exact.range(QUERY, after, after + 3_600_000L, STEP, stores.store));
    }

    private static void assertSame(QueryResult actual, QueryResult expected) {
        List<QueryResult.Series> a = ((QueryResult.MatrixResult) actual).series();
        List<QueryResult.Series> e = ((QueryResult.MatrixResult) expected).series();
        assertThat(a).hasSameSizeAs(e);
        for (int i = 0; i < a.size(); i++) {
            assertThat(a.get(i).labels()).isEqualTo(e.get(i).labels());
            assertThat(a.get(i).ts()).isEqualTo(e.get(i).ts());
            for (int k = 0; k < a.get(i).values().length; k++) {
                double want = e.get(i).values()[k];
                assertThat(Math.abs(a.get(i).values()[k] - want))
                        .as(a.get(i).labels() + " at " + a.get(i).ts()[k])
                        .isLessThanOrEqualTo(1e-9 * Math.max(1, Math.abs(want)));
            }
        }
        assertThat(e.stream().mapToInt(s -> s.values().length).sum()).isGreaterThan(100);
    }
}
