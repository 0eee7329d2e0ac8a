package io.tessera.exec.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
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
 * rate, increase and delta from a view that keeps the samples, against the exact RangeFunction
 * of the same engine on the same data: range runs whose steps lie anywhere (off every pane grid),
 * counters that reset, jittered and missing scrapes, stale markers, series that start or stop
 * inside the span, a NaN and an infinite value, and the newest panes not built yet.
 */
class SampleSweepTest {

    private static final long PANE = 300_000;
    private static final long WINDOW = 300_000;
    private static final long START = 1_767_225_600_000L;
    private static final long SPAN = 2 * 3_600_000;

    private record Plan(PhysicalDag dag, MaterializedView view, int accelerated, int exact, int fallback) {}

    private static Plan plan(String function) {
        DagBuilder b = new DagBuilder();
        ViewRuns.ViewRead r = addSamplesView(b, function);
        b.root(r.fallback());
        PhysicalDag dag = b.build();
        return new Plan(dag, ViewRuns.view(dag, r), r.accelerated(), r.exact(), r.fallback());
    }

    /** {@code function} over the samples view of every series of {@code c}, with its exact and fallback forms. */
    private static ViewRuns.ViewRead addSamplesView(DagBuilder b, String function) {
        return ViewRuns.addViewRead(
                b,
                b.add(new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", "c")))),
                function,
                new int[0],
                StateSpec.of(StateFamily.SAMPLES),
                PANE,
                WINDOW,
                SPAN);
    }

    private static InMemoryDataStore data(long seed) {
        Random random = new Random(seed);
        InMemoryDataStore store = new InMemoryDataStore();
        for (int s = 0; s < 40; s++) {
            long interval = s % 4 == 0 ? 1_000 : s % 4 == 1 ? 10_000 : 15_000;
            int n = (int) (SPAN / interval);
            long[] ts = new long[n];
            double[] vs = new double[n];
            int kept = 0;
            double counter = random.nextInt(5) == 0 ? 0 : random.nextInt(100_000);
            long from = s % 7 == 3 ? SPAN / 3 : 0;
            long until = s % 9 == 4 ? SPAN * 2 / 3 : SPAN;
            long phase = random.nextInt((int) interval - 1) + 1;
            for (int i = 0; i < n; i++) {
                long t = i * interval + phase + (s % 5 == 2 ? random.nextInt(400) - 200 : 0);
                // a third of the series miss no scrape: evenly spaced, their times are computed, not searched
                if (t <= (kept == 0 ? from : 0) || t >= until || s % 3 != 1 && random.nextInt(40) == 0) {
                    continue;
                }
                counter = random.nextInt(200) == 0
                        ? random.nextInt(5)
                        : counter + random.nextInt(10) - (s % 6 == 5 ? 4 : 0);
                ts[kept] = START + t;
                vs[kept] = counter;
                if (s == 11 && i == n / 2) {
                    vs[kept] = Double.NaN;
                } else if (s == 13 && i == n / 3) {
                    vs[kept] = Double.POSITIVE_INFINITY;
                } else if (s % 8 == 6 && random.nextInt(60) == 0) {
                    vs[kept] = StaleMarker.VALUE;
                }
                kept++;
            }
            store.add(
                    Labels.of("__name__", "c", "series", Integer.toString(s)),
                    java.util.Arrays.copyOf(ts, kept),
                    java.util.Arrays.copyOf(vs, kept));
        }
        return store;
    }

    @ParameterizedTest
    @CsvSource({"rate,1", "rate,2", "increase,3", "increase,4", "delta,5", "delta,6"})
    void offGridRangeRunsAgreeWithTheExactEngine(String function, long seed) {
        Plan plan = plan(function);
        InMemoryDataStore store = data(seed);
        long builtUntil = START + SPAN - 2 * PANE;
        ViewRuns.buildPanes(plan.dag(), plan.view(), store, START, builtUntil);
        Random random = new Random(seed);
        int points = 0;
        for (int k = 0; k < 6; k++) {
            long step = k % 3 == 0 ? 15_000 : k % 3 == 1 ? 60_000 : 1_000 + random.nextInt(30_000);
            long start = START + WINDOW + random.nextInt((int) (SPAN / 3));
            // the last runs end in the two panes not built yet, read raw
            long end = k < 3 ? start + 3_600_000 + random.nextInt(20_000) : START + SPAN - random.nextInt(400_000);
            StepGrid grid = new StepGrid(start, end, step);
            RunContext context = ViewRuns.context(grid);
            InstantVector fromView = ViewRuns.run(plan.dag(), plan.view(), plan.accelerated(), grid, store, context);
            InstantVector exact = ViewRuns.run(plan.dag(), plan.view(), plan.exact(), grid, store, context);
            points += ViewRuns.assertSameValues(fromView, exact, 1e-12, function + " over " + grid);
        }
        assertThat(points).as("points compared").isGreaterThan(1_000);
    }

    @ParameterizedTest
    @CsvSource({"rate", "delta"})
    void aPaneMissingInTheMiddleFallsBackToTheExactAnswer(String function) {
        Plan plan = plan(function);
        InMemoryDataStore store = data(8);
        ViewRuns.buildPanes(plan.dag(), plan.view(), store, START, START + SPAN / 2);
        ViewRuns.buildPanes(plan.dag(), plan.view(), store, START + SPAN / 2 + PANE, START + SPAN);
        StepGrid grid = new StepGrid(START + SPAN / 2 - 600_123, START + SPAN / 2 + 900_000, 15_000);
        RunContext context = ViewRuns.context(grid);
        InstantVector answer = ViewRuns.run(plan.dag(), plan.view(), plan.fallback(), grid, store, context);
        ViewRuns.assertSameValues(
                answer, ViewRuns.run(plan.dag(), plan.view(), plan.exact(), grid, store, context), 1e-12, function);
        assertThat(context.infos()).anySatisfy(i -> assertThat(i).contains("answered exactly from raw data"));
    }

    @ParameterizedTest
    @CsvSource({"rate,false", "increase,true", "delta,false"})
    void aSumIsSummedWhileTheViewIsSwept(String function, boolean without) {
        DagBuilder b = new DagBuilder();
        ViewRuns.ViewRead r = addSamplesView(b, function);
        List<String> grouping = List.of("series");
        int fused = b.add(new io.tessera.plan.VectorAggregate(
                io.tessera.promql.AggregateOp.SUM, r.fallback(), -1, grouping, without));
        int exact = b.add(new io.tessera.plan.VectorAggregate(
                io.tessera.promql.AggregateOp.SUM, r.exact(), -1, grouping, without));
        b.root(fused);
        b.root(exact);
        PhysicalDag dag = b.build();
        Plan plan = new Plan(dag, ViewRuns.view(dag, r), r.accelerated(), r.exact(), r.fallback());
        InMemoryDataStore store = data(function.hashCode());
        ViewRuns.buildPanes(plan.dag(), plan.view(), store, START, START + SPAN - 2 * PANE);
        StepGrid grid = new StepGrid(START + WINDOW + 12_345, START + SPAN - 61_000, 15_000);
        RunContext context = ViewRuns.context(grid);
        InstantVector summed = ViewRuns.run(dag, plan.view(), fused, grid, store, context);
        assertThat(context.infos()).anySatisfy(i -> assertThat(i).contains("answered from view"));
        int points = ViewRuns.assertSameValues(
                summed,
                ViewRuns.run(dag, plan.view(), exact, grid, store, context),
                1e-12,
                "sum " + (without ? "without" : "by") + " (series) (" + function + ")");
        assertThat(points).isGreaterThan(200);
    }

    @org.junit.jupiter.api.Test
    void seriesThatDifferOnlyInTheirMetricNameAreLeftToTheExactEngine() {
        DagBuilder b = new DagBuilder();
        ViewRuns.ViewRead r = ViewRuns.addViewRead(
                b,
                b.add(new Scan(Source.TIME_SERIES, List.of(LabelMatcher.regex("__name__", "c|d")))),
                "rate",
                new int[0],
                StateSpec.of(StateFamily.SAMPLES),
                PANE,
                WINDOW,
                SPAN);
        b.root(r.fallback());
        PhysicalDag dag = b.build();
        MaterializedView view = ViewRuns.view(dag, r);
        InMemoryDataStore store = new InMemoryDataStore();
        long[] ts = new long[720];
        double[] vs = new double[720];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = START + 10_000L * i + 1_234;
            vs[i] = i;
        }
        store.add(Labels.of("__name__", "c", "job", "a"), ts, vs);
        store.add(Labels.of("__name__", "d", "job", "a"), ts, vs);
        ViewRuns.buildPanes(dag, view, store, START, START + SPAN);
        StepGrid grid = new StepGrid(START + WINDOW + 12_345, START + SPAN - 61_000, 15_000);
        RunContext context = ViewRuns.context(grid);
        InstantVector fromView = ViewRuns.run(dag, view, r.fallback(), grid, store, context);
        InstantVector exact = ViewRuns.run(dag, view, r.exact(), grid, store);
        assertThat(exact.size())
                .as("both series, the engine's duplicate check comes later")
                .isEqualTo(2);
        ViewRuns.assertSameValues(fromView, exact, 1e-12, "rate over c and d");
        assertThat(context.infos()).anySatisfy(i -> assertThat(i).contains("differ only in their metric name"));
    }
}
