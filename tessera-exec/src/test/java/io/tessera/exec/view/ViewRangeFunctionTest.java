package io.tessera.exec.view;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import io.tessera.plan.DagBuilder;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.NumberLiteral;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
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

    private record Plan(PhysicalDag dag, MaterializedView view, int accelerated, int exact, int fallback) {}

    private static Plan plan(String function, StateFamily family) {
        return plan(function, family, 0.9, 400);
    }

    private static Plan plan(String function, StateFamily family, double q, int k) {
        DagBuilder b = new DagBuilder();
        int scan = b.add(new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", "m"))));
        boolean quantile = function.equals("quantile_over_time");
        int[] params = quantile ? new int[] {b.add(new NumberLiteral(q))} : new int[0];
        StateSpec spec = quantile ? new StateSpec(family, Map.of("k", (double) k)) : StateSpec.of(family);
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
    @CsvSource({
        "sum_over_time,SUM",
        "count_over_time,COUNT",
        "avg_over_time,AVG",
        "min_over_time,MIN",
        "max_over_time,MAX",
        "stddev_over_time,VARIANCE",
        "stdvar_over_time,VARIANCE",
        "last_over_time,LAST",
        "rate,COUNTER",
        "increase,COUNTER",
        "delta,COUNTER",
        "resets,COUNTER",
        "changes,COUNTER"
    })
    void exactFamiliesAgreeWithTheRawEvaluation(String function, StateFamily family) {
        Plan plan = plan(function, family);
        InMemoryDataStore store = data(function.hashCode());
        buildPanes(plan, store, START, START + 2 * 3_600_000);
        for (StepGrid grid : List.of(
                StepGrid.instant(START + 2 * 3_600_000 - 17_345),
                StepGrid.instant(START + 2 * 3_600_000 - 120_000),
                new StepGrid(START + WINDOW, START + 2 * 3_600_000, 60_000),
                new StepGrid(START + WINDOW + 7_000, START + 2 * 3_600_000 - 3_000, 300_000))) {
            RunContext context = ViewRuns.context(grid);
            InstantVector accelerated = run(plan, plan.accelerated(), grid, store, context);
            InstantVector exact = run(plan, plan.exact(), grid, store, context);
            ViewRuns.assertSameValues(accelerated, exact, 1e-9, function + " on " + grid);
        }
    }

    @ParameterizedTest
    @CsvSource({"1", "2", "3"})
    void quantilesStayWithinTheKllRankBound(long seed) {
        Plan plan = plan("quantile_over_time", StateFamily.KLL);
        InMemoryDataStore store = data(seed);
        buildPanes(plan, store, START, START + 2 * 3_600_000);
        StepGrid grid = StepGrid.instant(START + 2 * 3_600_000 - 1_234);
        RunContext context = ViewRuns.context(grid);
        InstantVector accelerated = run(plan, plan.accelerated(), grid, store, context);
        InstantVector exact = run(plan, plan.exact(), grid, store, context);
        assertThat(accelerated.size()).isEqualTo(exact.size());
        // with k=400 and at most 240 samples per window no pane sketch has compacted, so an
        // instant query gathers the window's values and answers exactly
        ViewRuns.assertSameValues(accelerated, exact, 1e-12, "quantile");
    }

    /**
     * Series whose samples hold NaN (a share per series, one series NaN for a stretch of 40 minutes),
     * ±Inf and stale markers; the samples by series, to measure rank errors against.
     */
    private static InMemoryDataStore dataWithNaN(long seed, Map<Labels, double[][]> samples) {
        Random random = new Random(seed);
        InMemoryDataStore store = new InMemoryDataStore();
        for (int s = 0; s < 8; s++) {
            int n = 2 * 3600 / 15;
            long[] ts = new long[n];
            double[] vs = new double[n];
            double nanShare = new double[] {0, 0.01, 0.05, 0.2, 0.5, 0.9, 0.02, 0.1}[s];
            for (int i = 0; i < n; i++) {
                ts[i] = START + i * 15_000L + 1 + random.nextInt(14_000);
                int kind = random.nextInt(100);
                vs[i] = random.nextDouble() < nanShare || (s == 6 && i > 200 && i < 360)
                        ? Double.NaN
                        : kind == 0
                                ? Double.POSITIVE_INFINITY
                                : kind == 1
                                        ? Double.NEGATIVE_INFINITY
                                        : kind == 2
                                                ? io.tessera.core.StaleMarker.VALUE
                                                : Math.exp(random.nextGaussian());
            }
            Labels labels = Labels.of("__name__", "m", "series", Integer.toString(s));
            store.add(labels, ts, vs);
            samples.put(
                    labels.withoutMetricName(),
                    new double[][] {java.util.Arrays.stream(ts).asDoubleStream().toArray(), vs});
        }
        return store;
    }

    /** The samples of {@code series} in {@code (t - WINDOW, t]}, stale markers left out. */
    private static double[] window(double[][] series, long t) {
        double[] out = new double[series[0].length];
        int n = 0;
        for (int i = 0; i < series[0].length; i++) {
            if (series[0][i] > t - WINDOW && series[0][i] <= t && !io.tessera.core.StaleMarker.isStale(series[1][i])) {
                out[n++] = series[1][i];
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    @ParameterizedTest
    @CsvSource({
        "1, 0, 400",
        "2, 0.01, 400",
        "3, 0.5, 64",
        "4, 0.99, 64",
        "5, 1, 16",
        "6, 0.5, 200",
        "7, 0.01, 16",
        "8, 0, 64"
    })
    void quantilesOfWindowsWithNaNAreNaNWhereTheExactOnesAreAndElseWithinTheRankBound(long seed, double q, int k) {
        Plan plan = plan("quantile_over_time", StateFamily.KLL, q, k);
        Map<Labels, double[][]> samples = new java.util.HashMap<>();
        InMemoryDataStore store = dataWithNaN(seed, samples);
        buildPanes(plan, store, START, START + 2 * 3_600_000);
        double bound = new io.tessera.sketch.KllState(k).errorBound().error();
        // an instant run gathers uncompacted panes' values (exact); a range run merges the pane states (sketched)
        for (StepGrid grid : List.of(
                StepGrid.instant(START + 2 * 3_600_000 - 1_234),
                new StepGrid(START + WINDOW, START + 2 * 3_600_000, 60_000),
                new StepGrid(START + WINDOW + 7_000, START + 2 * 3_600_000 - 3_000, 300_000))) {
            RunContext context = ViewRuns.context(grid);
            InstantVector accelerated = run(plan, plan.accelerated(), grid, store, context);
            InstantVector exact = run(plan, plan.exact(), grid, store, context);
            assertThat(accelerated.size()).isEqualTo(exact.size());
            for (int e = 0; e < exact.size(); e++) {
                int a = ViewRuns.indexOf(accelerated, exact.labels(e));
                assertThat(a).isGreaterThanOrEqualTo(0);
                for (int i = 0; i < exact.steps(); i++) {
                    String what = exact.labels(e) + " at step " + i + " of " + grid + " q=" + q;
                    assertThat(accelerated.has(a, i)).as(what).isEqualTo(exact.has(e, i));
                    if (!exact.has(e, i)) {
                        continue;
                    }
                    double x = accelerated.value(a, i);
                    double y = exact.value(e, i);
                    assertThat(Double.isNaN(x))
                            .as(what + ": " + x + " vs exact " + y)
                            .isEqualTo(Double.isNaN(y));
                    if (!Double.isNaN(y)) {
                        double[] inWindow = window(samples.get(exact.labels(e)), grid.time(i));
                        assertThat(rankError(inWindow, q, x))
                                .as(what + ": " + x + " vs exact " + y)
                                .isLessThanOrEqualTo(bound);
                    }
                }
            }
        }
    }

    /**
     * The normalized distance from rank {@code q·(n−1)} of the samples in Prometheus' order (NaN
     * first) to the ranks {@code v} takes there (between two samples: both their ranks).
     */
    private static double rankError(double[] samples, double q, double v) {
        int nan = 0;
        int below = 0;
        int atOrBelow = 0;
        for (double x : samples) {
            if (Double.isNaN(x)) {
                nan++;
            } else if (x < v) {
                below++;
                atOrBelow++;
            } else if (x == v) {
                atOrBelow++;
            }
        }
        below += nan;
        atOrBelow += nan;
        double first = atOrBelow > below ? below : below - 1;
        double last = atOrBelow > below ? atOrBelow - 1 : below;
        double target = q * (samples.length - 1);
        return (target < first ? first - target : target > last ? target - last : 0) / samples.length;
    }

    @ParameterizedTest
    @CsvSource({"sum_over_time,SUM", "rate,COUNTER"})
    void aMissingPaneFallsBackToTheExactAnswerAndSaysSo(String function, StateFamily family) {
        Plan plan = plan(function, family);
        InMemoryDataStore store = data(7);
        // the window's oldest panes missing (the newest missing are read from raw data: NewestPanesNotBuiltTest)
        buildPanes(plan, store, START + 3_600_000 + 30 * PANE, START + 2 * 3_600_000);
        StepGrid grid = StepGrid.instant(START + 2 * 3_600_000 - 5_000);
        RunContext context = ViewRuns.context(grid);
        InstantVector answer = run(plan, plan.fallback(), grid, store, context);
        InstantVector exact = run(plan, plan.exact(), grid, store, ViewRuns.context(grid));
        ViewRuns.assertSameValues(answer, exact, 0, function);
        assertThat(context.infos()).anySatisfy(i -> assertThat(i).contains("answered exactly from raw data"));

        buildPanes(plan, store, START, START + 3_600_000 + 30 * PANE);
        RunContext second = ViewRuns.context(grid);
        ViewRuns.assertSameValues(run(plan, plan.fallback(), grid, store, second), exact, 1e-9, function);
        assertThat(second.infos()).anySatisfy(i -> assertThat(i).contains("answered from view"));
    }

    @Test
    void aRangeRunWhoseEdgesWouldReadMostRawDataRunsExactly() {
        Plan plan = plan("sum_over_time", StateFamily.SUM);
        InMemoryDataStore store = data(9);
        buildPanes(plan, store, START, START + 2 * 3_600_000);
        // every step off the one-minute grid and a step of one pane: head and tail edges tile the whole span
        StepGrid grid = new StepGrid(START + WINDOW + 17_000, START + 2 * 3_600_000 - 43_000, PANE);
        RunContext context = ViewRuns.context(grid);
        assertThatThrownBy(() -> run(plan, plan.accelerated(), grid, store, context))
                .isInstanceOf(io.tessera.core.MissingStateException.class)
                .hasMessageContaining("so the exact answer is cheaper");
        RunContext fallback = ViewRuns.context(grid);
        InstantVector answer = run(plan, plan.fallback(), grid, store, fallback);
        ViewRuns.assertSameValues(answer, run(plan, plan.exact(), grid, store, context), 0, "sum_over_time");
        assertThat(fallback.infos()).anySatisfy(i -> assertThat(i).contains("answered exactly from raw data"));
    }
}
