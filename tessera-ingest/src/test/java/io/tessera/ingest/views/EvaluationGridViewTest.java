package io.tessera.ingest.views;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.exec.QueryResult;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.MaterializedViews;
import io.tessera.plan.PhysicalDag;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.summary.SummaryStore;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Views that keep a query node's values at the evaluation grid, against the exact answers of the
 * same engine over the same raw data: a 24 h range query at 15 s makes one view read and no raw
 * read, a query off the grid and a window touched by a late sample are answered exactly.
 */
class EvaluationGridViewTest {

    private static final long STEP = 15_000;
    private static final long T0 = 1_767_225_600_000L;
    private static final long SPAN = 26 * 3_600_000L;
    private static final List<String> QUERIES = List.of(
            "sum by (job) (rate(c[5m]))",
            "quantile_over_time(0.9, g[10m])",
            "max by (job) (g)",
            "topk(3, sum by (instance) (rate(c[5m])))",
            "sum_over_time(g[1h] offset 10m) / 2");

    private final ViewedStores stores = new ViewedStores();
    private ViewMaintainer maintainer;

    EvaluationGridViewTest() {
        Random random = new Random(5);
        for (int s = 0; s < 12; s++) {
            Labels gauge = Labels.of("__name__", "g", "job", "j" + s % 3, "instance", "i" + s);
            Labels counter = Labels.of("__name__", "c", "job", "j" + s % 3, "instance", "i" + s);
            AppendRequest.Builder g = AppendRequest.builder().series(gauge);
            AppendRequest.Builder c = AppendRequest.builder().series(counter);
            double total = 0;
            for (long t = T0 + 1 + random.nextInt(14_000); t < T0 + SPAN; t += STEP) {
                g.sample(t, Math.exp(random.nextGaussian()));
                total = random.nextInt(500) == 0 ? 0 : total + random.nextInt(10);
                c.sample(t, total);
            }
            stores.raw.append(g.build());
            stores.raw.append(c.build());
        }
        PhysicalDag dag = GridViewDags.of(QUERIES, STEP, 25 * 3_600_000L);
        List<MaterializedView> views = MaterializedViews.of(dag);
        assertThat(views).hasSize(QUERIES.size());
        maintainer = stores.installViews(dag, views, T0, T0 + SPAN);
        assertThat(maintainer.runOnce(Integer.MAX_VALUE)).isGreaterThan(5_000);
    }

    @Test
    void theViewsOfOneGridAreBuiltInOneRunThatReadsEachSelectorOnce() {
        CountingDataStore reads = new CountingDataStore(stores.store);
        ViewMaintainer fresh = new ViewMaintainer(new SummaryStore(), reads, 0);
        fresh.accepted(T0, T0 + SPAN, 1);
        PhysicalDag dag = GridViewDags.of(QUERIES, STEP, 3_600_000L);
        fresh.install(dag, MaterializedViews.of(dag));
        assertThat(fresh.runOnce(Integer.MAX_VALUE))
                .as("an hour of 15-s panes for each view")
                .isEqualTo(QUERIES.size() * 240);
        assertThat(reads.rawReads.get())
                .as("one read of g and one of c for the five views")
                .isEqualTo(2);
    }

    @Test
    void aDayAtFifteenSecondsIsOneViewReadAndEqualsTheExactAnswer() {
        long end = T0 + SPAN - 30 * 60_000;
        long start = end - 24 * 3_600_000L;
        for (String q : QUERIES) {
            stores.counting.viewReads.set(0);
            stores.counting.rawReads.set(0);
            QueryResult fast = stores.accelerated.range(q, start, end, STEP, stores.counting);
            assertThat(stores.counting.viewReads.get()).as(q).isEqualTo(1);
            assertThat(stores.counting.rawReads.get()).as(q).isZero();
            assertThat(fast.infos()).as(q).anyMatch(i -> i.contains("answered from view"));
            assertSame(q, fast, stores.exact.range(q, start, end, STEP, stores.store));
        }
    }

    @Test
    void instantQueriesOnTheGridReadTheViewAndOffItRunExactly() {
        long t = T0 + SPAN - 45 * 60_000;
        for (String q : QUERIES) {
            QueryResult onGrid = stores.accelerated.instant(q, t, stores.counting);
            assertThat(onGrid.infos()).as(q).anyMatch(i -> i.contains("answered from view"));
            assertSame(q, onGrid, stores.exact.instant(q, t, stores.store));
            QueryResult offGrid = stores.accelerated.instant(q, t - 7_001, stores.counting);
            assertThat(offGrid.infos()).as(q).anyMatch(i -> i.contains("answered exactly from raw data"));
            assertSame(q, offGrid, stores.exact.instant(q, t - 7_001, stores.store));
        }
    }

    @Test
    void aLateSampleMakesEveryEvaluationThatReadsItExactUntilAnIngestionRunRebuildsThem() {
        long late = T0 + SPAN - 3 * 3_600_000L + 3_333;
        AppendRequest g = AppendRequest.builder()
                .series(Labels.of("__name__", "g", "job", "j0", "instance", "i0"))
                .sample(late, 1e6)
                .build();
        AppendRequest c = AppendRequest.builder()
                .series(Labels.of("__name__", "c", "job", "j0", "instance", "i0"))
                .sample(late, 0)
                .build();
        stores.raw.append(g);
        stores.raw.append(c);
        maintainer.accepted(g);
        maintainer.accepted(c);
        long start = Math.floorDiv(late, STEP) * STEP - 2 * 3_600_000L;
        long end = start + 4 * 3_600_000L;
        for (String q : QUERIES) {
            QueryResult answer = stores.accelerated.range(q, start, end, STEP, stores.counting);
            // the steps before the first stale grid point from the view, the others exactly
            assertThat(answer.infos())
                    .as(q)
                    .anyMatch(i -> i.contains("computed another way")
                            && i.contains("samples arrived after the pane was built"));
            assertSame(q, answer, stores.exact.range(q, start, end, STEP, stores.store));
            QueryResult after =
                    stores.accelerated.instant(q, Math.floorDiv(late, STEP) * STEP + 2 * 3_600_000L, stores.counting);
            assertThat(after.infos())
                    .as(q + " long after the late sample")
                    .anyMatch(i -> i.contains("answered from view"));
        }
        assertThat(maintainer.runOnce(Integer.MAX_VALUE))
                .as("grid points rebuilt")
                .isPositive();
        assertThat(maintainer.progress())
                .allSatisfy(p -> assertThat(p.stalePanes()).isZero());
        for (String q : QUERIES) {
            QueryResult rebuilt = stores.accelerated.range(q, start, end, STEP, stores.counting);
            assertThat(rebuilt.infos())
                    .as(q + " rebuilt")
                    .anyMatch(i -> i.contains("answered from view"))
                    .noneMatch(i -> i.contains("answered exactly from raw data"));
            assertSame(q, rebuilt, stores.exact.range(q, start, end, STEP, stores.store));
        }
    }

    private static void assertSame(String q, QueryResult actual, QueryResult expected) {
        switch (expected) {
            case QueryResult.VectorResult e -> {
                List<QueryResult.Sample> a = ((QueryResult.VectorResult) actual).samples();
                assertThat(a).as(q).hasSameSizeAs(e.samples());
                for (int i = 0; i < a.size(); i++) {
                    assertThat(a.get(i).labels())
                            .as(q)
                            .isEqualTo(e.samples().get(i).labels());
                    assertClose(q, a.get(i).value(), e.samples().get(i).value());
                }
            }
            case QueryResult.MatrixResult e -> {
                List<QueryResult.Series> a = ((QueryResult.MatrixResult) actual).series();
                assertThat(a).as(q).hasSameSizeAs(e.series());
                for (int i = 0; i < a.size(); i++) {
                    assertThat(a.get(i).labels())
                            .as(q)
                            .isEqualTo(e.series().get(i).labels());
                    assertThat(a.get(i).ts()).as(q).isEqualTo(e.series().get(i).ts());
                    for (int k = 0; k < a.get(i).values().length; k++) {
                        assertClose(q, a.get(i).values()[k], e.series().get(i).values()[k]);
                    }
                }
            }
            default -> throw new AssertionError(q + " answered " + expected);
        }
    }

    private static void assertClose(String q, double actual, double expected) {
        if (Double.isNaN(expected)) {
            assertThat(actual).as(q).isNaN();
        } else {
            assertThat(Math.abs(actual - expected))
                    .as(q + ": " + actual + " vs " + expected)
                    .isLessThanOrEqualTo(1e-9 * Math.max(1, Math.abs(expected)));
        }
    }
}
