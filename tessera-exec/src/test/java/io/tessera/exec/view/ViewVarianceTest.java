package io.tessera.exec.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import io.tessera.plan.DagBuilder;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * stdvar/stddev_over_time from variance panes against the exact engine on the same data, for
 * values whose variance is tiny against their squared mean (where merged panes and one pass over
 * the samples round differently) and for ordinary ones: the answer is the exact engine's within
 * 1e-9 relative (1e-12 absolute) whichever way it was computed, and says which.
 */
class ViewVarianceTest {

    private static final long PANE = 60_000;
    private static final long WINDOW = 3_600_000;
    private static final long START = 1_767_225_600_000L;

    private record Plan(PhysicalDag dag, MaterializedView view, int exact, int fallback) {}

    private static Plan plan(String function) {
        DagBuilder b = new DagBuilder();
        int scan = b.add(new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", "m"))));
        ViewRuns.ViewRead r = ViewRuns.addViewRead(
                b, scan, function, new int[0], StateSpec.of(StateFamily.VARIANCE), PANE, WINDOW, WINDOW + PANE);
        b.root(r.fallback());
        PhysicalDag dag = b.build();
        return new Plan(dag, ViewRuns.view(dag, r), r.exact(), r.fallback());
    }

    /** Values {@code base + step·k} for the k-th sample, with seeded jitter of a few steps. */
    private static InMemoryDataStore data(long seed, double base, double step, int series) {
        Random random = new Random(seed);
        InMemoryDataStore store = new InMemoryDataStore();
        for (int s = 0; s < series; s++) {
            int n = 2 * 3600 / 15;
            long[] ts = new long[n];
            double[] vs = new double[n];
            for (int i = 0; i < n; i++) {
                ts[i] = START + i * 15_000L + 1 + random.nextInt(14_000);
                vs[i] = base + step * (i + random.nextInt(3) * (s % 3));
            }
            store.add(Labels.of("__name__", "m", "series", Integer.toString(s)), ts, vs);
        }
        return store;
    }

    @ParameterizedTest
    @CsvSource({
        "stdvar_over_time, 1, 1e15, 0.1, false",
        "stddev_over_time, 2, 1e15, 0.1, false",
        "stdvar_over_time, 3, 1e12, 0.01, false",
        "stddev_over_time, 4, 1e12, 0.01, false",
        "stdvar_over_time, 5, 1e9, 0.001, false",
        "stddev_over_time, 6, 1e9, 0.001, false",
        "stdvar_over_time, 7, -1e9, 0.001, false",
        "stdvar_over_time, 8, 100, 1, true",
        "stddev_over_time, 9, 100, 1, true",
        "stdvar_over_time, 10, 1e3, 0.5, true",
        "stddev_over_time, 11, 0, 1e-3, true"
    })
    void theAnswerIsTheExactEnginesWhicheverWayItIsComputed(
            String function, long seed, double base, double step, boolean fromView) {
        Plan plan = plan(function);
        InMemoryDataStore store = data(seed, base, step, 6);
        ViewRuns.buildPanes(plan.dag(), plan.view(), store, START, START + 2 * 3_600_000);
        for (StepGrid grid : List.of(
                StepGrid.instant(START + 2 * 3_600_000 - 17_345),
                StepGrid.instant(START + 2 * 3_600_000 - 120_000),
                new StepGrid(START + WINDOW, START + 2 * 3_600_000, 60_000))) {
            RunContext context = ViewRuns.context(grid);
            InstantVector answer = ViewRuns.run(plan.dag(), plan.view(), plan.fallback(), grid, store, context);
            InstantVector exact = ViewRuns.run(plan.dag(), plan.view(), plan.exact(), grid, store);
            String what = function + " of " + base + " + " + step + "·k on " + grid;
            assertThat(answer.size()).as(what).isEqualTo(exact.size());
            for (int s = 0; s < exact.size(); s++) {
                int a = indexOf(answer, exact.labels(s));
                for (int i = 0; i < exact.steps(); i++) {
                    assertThat(answer.has(a, i)).as(what).isEqualTo(exact.has(s, i));
                    if (exact.has(s, i)) {
                        double x = answer.value(a, i);
                        double y = exact.value(s, i);
                        assertThat(Math.abs(x - y))
                                .as(what + ": " + x + " vs " + y)
                                .isLessThanOrEqualTo(1e-9 * Math.abs(y) + 1e-12);
                    }
                }
            }
            String how = fromView ? "answered from view" : "answered exactly from raw data, not from a view";
            assertThat(context.infos())
                    .as(what)
                    .anySatisfy(info -> assertThat(info).contains(how));
        }
    }

    private static int indexOf(InstantVector v, Labels labels) {
        for (int s = 0; s < v.size(); s++) {
            if (v.labels(s).equals(labels)) {
                return s;
            }
        }
        return -1;
    }
}
