package io.tessera.exec.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.exec.InMemoryDataStore;
import io.tessera.exec.QueryLimits;
import io.tessera.exec.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import io.tessera.plan.DagBuilder;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.NumberLiteral;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.RangeFunction;
import io.tessera.plan.Scan;
import io.tessera.plan.Source;
import io.tessera.plan.StateSpec;
import io.tessera.sketch.State;
import io.tessera.sketch.StateFamily;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A view-backed range function against the exact RangeFunction of the same engine on the same
 * data: panes built by ingestion runs, windows on and off the pane grid, instant and range runs.
 */
class ViewRangeFunctionTest {

    private static final long PANE = 60_000;
    private static final long WINDOW = 3_600_000;
    private static final long START = 1_767_225_600_000L;

    private record Plan(PhysicalDag dag, MaterializedView view, int accelerated, int exact, int fallback) {
    }

    private static Plan plan(String function, StateFamily family) {
        DagBuilder b = new DagBuilder();
        int scan = b.add(new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", "m"))));
        boolean quantile = function.equals("quantile_over_time");
        int[] params = quantile ? new int[] {b.add(new NumberLiteral(0.9))} : new int[0];
        StateSpec spec = quantile ? new StateSpec(family, Map.of("k", 400.0)) : StateSpec.of(family);
        ViewRuns.ViewRead r = ViewRuns.addViewRead(b, scan, function, params, spec, PANE, WINDOW, WINDOW + PANE);
        b.root(r.fallback());
        PhysicalDag dag = b.build();
        return new Plan(dag, ViewRuns.view(dag, r), r.accelerated(), r.exact(), r.fallback());
    }

    private static InMemoryDataStore data(long seed) {
        Random random = new Random(seed);
        InMemoryDataStore store = new InMemoryDataStore();
        for (int s = 0; s < 20; s++) {
            int n = 2 * 3600 / 15;
            long[] ts = new long[n];
            double[] vs = new double[n];
            double counter = 0;
            for (int i = 0; i < n; i++) {
                ts[i] = START + i * 15_000L + 1 + random.nextInt(14_000);
                counter = random.nextInt(300) == 0 ? 0 : counter + random.nextInt(10);
                vs[i] = s % 2 == 0 ? counter : Math.exp(random.nextGaussian());
            }
            store.add(Labels.of("__name__", "m", "series", Integer.toString(s)), ts, vs);
        }
        return store;
    }

    private static void buildPanes(Plan plan, InMemoryDataStore store, long from, long to) {
        ViewRuns.buildPanes(plan.dag(), plan.view(), store, from, to);
    }

    private static InstantVector run(Plan plan, int node, StepGrid grid, InMemoryDataStore store, RunContext context) {
        return ViewRuns.run(plan.dag(), plan.view(), node, grid, store, context);
    }

    @ParameterizedTest
    @CsvSource({"sum_over_time,SUM", "count_over_time,COUNT", "avg_over_time,AVG", "min_over_time,MIN",
        "max_over_time,MAX", "stddev_over_time,VARIANCE", "stdvar_over_time,VARIANCE", "last_over_time,LAST",
        "rate,COUNTER", "increase,COUNTER", "delta,COUNTER", "resets,COUNTER", "changes,COUNTER"})
    void exactFamiliesAgreeWithTheRawEvaluation(String function, StateFamily family) {
        Plan plan = plan(function, family);
        InMemoryDataStore store = data(function.hashCode());
        buildPanes(plan, store, START, START + 2 * 3_600_000);
        for (StepGrid grid : List.of(StepGrid.instant(START + 2 * 3_600_000 - 17_345),
                StepGrid.instant(START + 2 * 3_600_000 - 120_000),
                new StepGrid(START + WINDOW, START + 2 * 3_600_000, 60_000),
                new StepGrid(START + WINDOW + 7_000, START + 2 * 3_600_000 - 3_000, 300_000))) {
            RunContext context = new RunContext(grid.start(), grid.end(), 60_000, QueryLimits.DEFAULTS);
            InstantVector accelerated = run(plan, plan.accelerated(), grid, store, context);
            InstantVector exact = run(plan, plan.exact(), grid, store, context);
            assertSameValues(accelerated, exact, 1e-9, function + " on " + grid);
        }
    }

    @ParameterizedTest
    @CsvSource({"1", "2", "3"})
    void quantilesStayWithinTheKllRankBound(long seed) {
        Plan plan = plan("quantile_over_time", StateFamily.KLL);
        InMemoryDataStore store = data(seed);
        buildPanes(plan, store, START, START + 2 * 3_600_000);
        StepGrid grid = StepGrid.instant(START + 2 * 3_600_000 - 1_234);
        RunContext context = new RunContext(grid.start(), grid.end(), 60_000, QueryLimits.DEFAULTS);
        InstantVector accelerated = run(plan, plan.accelerated(), grid, store, context);
        InstantVector exact = run(plan, plan.exact(), grid, store, context);
        assertThat(accelerated.size()).isEqualTo(exact.size());
        // with k=400 and at most 240 samples per window no pane sketch has compacted, so an
        // instant query gathers the window's values and answers exactly
        assertSameValues(accelerated, exact, 1e-12, "quantile");
    }

    @ParameterizedTest
    @CsvSource({"sum_over_time,SUM", "rate,COUNTER"})
    void aMissingPaneFallsBackToTheExactAnswerAndSaysSo(String function, StateFamily family) {
        Plan plan = plan(function, family);
        InMemoryDataStore store = data(7);
        buildPanes(plan, store, START, START + 3_600_000 + 30 * PANE);
        StepGrid grid = StepGrid.instant(START + 2 * 3_600_000 - 5_000);
        RunContext context = new RunContext(grid.start(), grid.end(), 60_000, QueryLimits.DEFAULTS);
        InstantVector answer = run(plan, plan.fallback(), grid, store, context);
        InstantVector exact = run(plan, plan.exact(), grid, store, new RunContext(grid.start(), grid.end(), 60_000, QueryLimits.DEFAULTS));
        assertSameValues(answer, exact, 0, function);
        assertThat(context.infos()).anySatisfy(i -> assertThat(i).contains("answered exactly from raw data"));

        buildPanes(plan, store, START + 3_600_000 + 30 * PANE, START + 2 * 3_600_000);
        RunContext second = new RunContext(grid.start(), grid.end(), 60_000, QueryLimits.DEFAULTS);
        assertSameValues(run(plan, plan.fallback(), grid, store, second), exact, 1e-9, function);
        assertThat(second.infos()).anySatisfy(i -> assertThat(i).contains("answered from view"));
    }

    @Test
    void aRangeRunWhoseEdgesWouldReadMostRawDataRunsExactly() {
        Plan plan = plan("sum_over_time", StateFamily.SUM);
        InMemoryDataStore store = data(9);
        buildPanes(plan, store, START, START + 2 * 3_600_000);
        // every step off the one-minute grid and a step of one pane: head and tail edges tile the whole span
        StepGrid grid = new StepGrid(START + WINDOW + 17_000, START + 2 * 3_600_000 - 43_000, PANE);
        RunContext context = new RunContext(grid.start(), grid.end(), 60_000, QueryLimits.DEFAULTS);
        assertThatThrownBy(() -> run(plan, plan.accelerated(), grid, store, context))
                .isInstanceOf(io.tessera.core.MissingStateException.class)
                .hasMessageContaining("so the exact answer is cheaper");
        RunContext fallback = new RunContext(grid.start(), grid.end(), 60_000, QueryLimits.DEFAULTS);
        InstantVector answer = run(plan, plan.fallback(), grid, store, fallback);
        assertSameValues(answer, run(plan, plan.exact(), grid, store, context), 0, "sum_over_time");
        assertThat(fallback.infos()).anySatisfy(i -> assertThat(i).contains("answered exactly from raw data"));
    }

    private static void assertSameValues(InstantVector actual, InstantVector expected, double relative, String what) {
        assertThat(actual.size()).as(what + ": series").isEqualTo(expected.size());
        for (int e = 0; e < expected.size(); e++) {
            int a = indexOf(actual, expected.labels(e));
            assertThat(a).as(what + ": series " + expected.labels(e)).isGreaterThanOrEqualTo(0);
            for (int i = 0; i < expected.steps(); i++) {
                assertThat(actual.has(a, i)).as(what + ": point " + i + " of " + expected.labels(e)).isEqualTo(expected.has(e, i));
                if (expected.has(e, i)) {
                    double x = actual.value(a, i);
                    double y = expected.value(e, i);
                    double scale = Math.max(Math.abs(x), Math.abs(y));
                    assertThat(Math.abs(x - y)).as(what + ": " + expected.labels(e) + " at step " + i + ": " + x + " vs " + y)
                            .isLessThanOrEqualTo(relative * scale + 1e-12);
                }
            }
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
