package io.tessera.exec.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.exec.op.Aggregations;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import io.tessera.plan.DagBuilder;
import io.tessera.plan.DefinitionIds;
import io.tessera.plan.Fallback;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.RangeFunction;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.plan.TimeRange;
import io.tessera.plan.ValueKind;
import io.tessera.plan.VectorAggregate;
import io.tessera.plan.ViewValue;
import io.tessera.promql.AggregateOp;
import io.tessera.sketch.CounterState;
import io.tessera.sketch.CurveState;
import io.tessera.sketch.State;
import io.tessera.sketch.StateCodec;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Curves of {@code sum by/without (…) (rate|increase|delta(c[w]))} built by ingestion runs,
 * against each window folded sample by sample ({@link CounterState}, the engine's own window
 * arithmetic) at every millisecond of stretches with gaps, drops and counters near zero, at the
 * times samples enter and leave windows, and at random times; and runs of the view at steps of
 * any phase against the exact engine.
 */
class CurveBuilderTest {

    private static final long PANE = 60_000;
    private static final long START = 1_767_225_600_000L;
    private static final long SPAN = 3_600_000;

    private record Plan(PhysicalDag dag, MaterializedView view, int fallback, int exact) {}

    private static Plan plan(String function, long window, List<String> grouping, boolean without) {
        DagBuilder b = new DagBuilder();
        int scan = b.add(new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", "c"))));
        int f = b.add(
                new RangeFunction(function, b.add(new TimeRange(scan, TimeRange.Kind.RANGE, window)), new int[0]));
        int exact = b.add(new VectorAggregate(AggregateOp.SUM, f, -1, grouping, without));
        int pane = b.add(new PaneState(
                exact,
                StateSpec.of(StateFamily.CURVE),
                Grouping.PER_SERIES,
                new Materialization(Materialization.Mode.AT_INGESTION, PANE, 0, SPAN)));
        int fallback = b.add(new Fallback(b.add(new ViewValue(pane)), exact, ValueKind.INSTANT_VECTOR));
        b.root(fallback);
        PhysicalDag dag = b.build();
        MaterializedView view =
                new MaterializedView(DefinitionIds.of(dag, pane), pane, (PaneState) dag.node(pane), List.of());
        return new Plan(dag, view, fallback, exact);
    }

    /** Series of a counter (or gauge) with missed scrapes, jitter, drops, starts near zero, stale markers, starts and stops. */
    private static InMemoryDataStore data(long seed, boolean gauge) {
        Random random = new Random(seed);
        InMemoryDataStore store = new InMemoryDataStore();
        for (int s = 0; s < 16; s++) {
            long interval = s % 3 == 0 ? 1_000 : s % 3 == 1 ? 10_000 : 15_000;
            int n = (int) (SPAN / interval);
            long[] ts = new long[n];
            double[] vs = new double[n];
            int kept = 0;
            double value = s % 4 == 0 ? random.nextDouble() : random.nextInt(10_000);
            long from = s % 7 == 3 ? SPAN / 3 : 0;
            long until = s % 9 == 4 ? SPAN * 2 / 3 : SPAN;
            long phase = random.nextInt((int) interval - 1) + 1;
            for (int i = 0; i < n; i++) {
                long t = i * interval + phase + (s % 5 == 2 ? random.nextInt(400) - 200 : 0);
                if (t <= from || t >= until || s % 3 != 1 && random.nextInt(12) == 0) {
                    continue;
                }
                if (gauge) {
                    value += random.nextGaussian() * 5;
                } else {
                    value = random.nextInt(150) == 0
                            ? random.nextInt(3)
                            : value + random.nextInt(10) * (s % 4 == 0 ? 0.01 : 1);
                }
                ts[kept] = START + t;
                vs[kept] = s % 8 == 6 && random.nextInt(50) == 0 ? StaleMarker.VALUE : value;
                kept++;
            }
            Labels labels = Labels.of("__name__", "c", "job", "j" + s % 3, "series", Integer.toString(s));
            store.add(labels, Arrays.copyOf(ts, kept), Arrays.copyOf(vs, kept));
        }
        return store;
    }

    /** Builds panes ending in {@code (from, to]}: the first half pane by pane, the rest in runs of seven, as ingestion does. */
    private static Map<Interval, Map<Labels, State>> build(Plan plan, InMemoryDataStore store, long from, long to) {
        Map<Interval, Map<Labels, State>> built = new HashMap<>();
        long middle = from + (to - from) / 2 / PANE * PANE;
        for (long end = from + PANE; end <= to; ) {
            long last = end <= middle ? end : Math.min(to, end + 6 * PANE);
            List<Map<Labels, State>> panes =
                    ViewRuns.panes(plan.dag(), plan.view(), new Interval(end - PANE, last), store);
            assertThat(panes).hasSize((int) ((last - end) / PANE) + 1);
            for (int k = 0; k < panes.size(); k++) {
                Interval pane = new Interval(end + k * PANE - PANE, end + k * PANE);
                built.put(pane, panes.get(k));
                if (panes.get(k).isEmpty()) {
                    store.commitEmptyPane(plan.view().definitionId(), pane);
                }
                panes.get(k)
                        .forEach((group, state) -> store.putState(plan.view().definitionId(), pane, group, state));
            }
            end = last + PANE;
        }
        return built;
    }

    @ParameterizedTest
    @CsvSource({
        "rate,300000,1,false",
        "rate,60000,2,true",
        "increase,300000,3,false",
        "increase,45000,4,false",
        "delta,300000,5,false",
        "delta,120000,6,true"
    })
    void curvesAgreeWithEveryWindowFoldedSampleBySample(String function, long window, long seed, boolean without) {
        List<String> grouping = without ? List.of("series") : List.of("job");
        Plan plan = plan(function, window, grouping, without);
        InMemoryDataStore store = data(seed, function.equals("delta"));
        Map<Interval, Map<Labels, State>> built = build(plan, store, START, START + SPAN);
        Map<Labels, long[]> ts = new HashMap<>();
        Map<Labels, double[]> vs = new HashMap<>();
        RunContext read = new RunContext(START, START + SPAN, 60_000, QueryLimits.DEFAULTS);
        var rows = io.tessera.exec.op.ScanOperator.read(
                store, (Scan) plan.dag().node(0), new Interval(START - window, START + SPAN), read);
        for (int s = 0; s < rows.size(); s++) {
            ts.put(rows.labels(s), rows.ts(s));
            vs.put(rows.labels(s), rows.values(s));
        }
        Random random = new Random(seed);
        List<Long> probes = new ArrayList<>();
        for (int k = 0; k < 2; k++) {
            long from = START + window + random.nextInt((int) (SPAN - window - 40_000));
            for (long t = from; t < from + 15_000; t++) {
                probes.add(t);
            }
        }
        for (long[] series : ts.values()) {
            for (int k = 0; k < 200 && series.length > 0; k++) {
                long at = series[random.nextInt(series.length)];
                for (long d = -2; d <= 2; d++) {
                    probes.add(at + d);
                    probes.add(at + window + d);
                }
            }
        }
        for (int k = 0; k < 5_000; k++) {
            probes.add(START + 1 + (long) (random.nextDouble() * (SPAN - 1)));
        }
        int compared = 0;
        double worst = 0;
        for (long t : probes) {
            if (t <= START || t > START + SPAN) {
                continue;
            }
            Map<Labels, double[]> expected = expected(function, window, grouping, without, ts, vs, t);
            Interval pane =
                    new Interval((t - 1 - START) / PANE * PANE + START, (t - 1 - START) / PANE * PANE + START + PANE);
            Map<Labels, State> curves = built.get(pane);
            for (Map.Entry<Labels, State> e : curves.entrySet()) {
                CurveState curve = (CurveState) e.getValue();
                int piece = curve.pieceAt(t);
                double[] want = expected.remove(e.getKey());
                boolean has = piece >= 0 && curve.presentAt(piece) > 0;
                assertThat(has).as("%s present at %d", e.getKey(), t).isEqualTo(want != null);
                if (has) {
                    assertThat(curve.presentAt(piece)).as("series present").isEqualTo((int) want[2]);
                    double got = curve.valueAt(piece, t);
                    double error = Math.abs(got - want[0]) / Math.max(want[1], 1e-300);
                    worst = Math.max(worst, error);
                    assertThat(error)
                            .as("%s of %s at %d: %s against %s", function, e.getKey(), t, got, want[0])
                            .isLessThan(1e-12);
                    compared++;
                }
            }
            assertThat(expected).as("groups with a value at %d but no curve", t).isEmpty();
        }
        assertThat(compared).isGreaterThan(20_000);
        System.out.printf(
                "curve %s[%d]: %,d values compared, worst error %.2e of the summed magnitudes%n",
                function, window, compared, worst);
    }

    /** Each group's sum, sum of magnitudes and series present at {@code t}, window by window. */
    private static Map<Labels, double[]> expected(
            String function,
            long window,
            List<String> grouping,
            boolean without,
            Map<Labels, long[]> ts,
            Map<Labels, double[]> vs,
            long t) {
        Map<Labels, double[]> out = new HashMap<>();
        for (Map.Entry<Labels, long[]> e : ts.entrySet()) {
            long[] times = e.getValue();
            double[] values = vs.get(e.getKey());
            CounterState state = new CounterState();
            for (int i = 0; i < times.length; i++) {
                if (times[i] > t - window && times[i] <= t) {
                    state.update(times[i], values[i]);
                }
            }
            if (state.count() < 2) {
                continue;
            }
            double v = switch (function) {
                case "rate" -> state.rate(t - window, t);
                case "increase" -> state.increase(t - window, t);
                default -> state.delta(t - window, t);
            };
            double[] sum = out.computeIfAbsent(
                    Aggregations.groupLabels(e.getKey().withoutMetricName(), grouping, without), g -> new double[3]);
            sum[0] += v;
            sum[1] += Math.abs(v);
            sum[2]++;
        }
        return out;
    }

    @ParameterizedTest
    @CsvSource({"rate,7", "increase,8", "delta,9"})
    void runsAtAnyPhaseAgreeWithTheExactEngine(String function, long seed) {
        Plan plan = plan(function, 300_000, List.of("job"), false);
        InMemoryDataStore store = data(seed, function.equals("delta"));
        build(plan, store, START, START + SPAN);
        Random random = new Random(seed);
        for (int k = 0; k < 5; k++) {
            long step = k % 2 == 0 ? 15_000 : 1_000 + random.nextInt(40_000);
            long start = START + random.nextInt((int) (SPAN / 2));
            StepGrid grid = new StepGrid(start, start + SPAN / 2 - random.nextInt(60_000), step);
            RunContext context = ViewRuns.context(grid);
            InstantVector fromView = ViewRuns.run(plan.dag(), plan.view(), plan.fallback(), grid, store, context);
            assertThat(context.infos())
                    .as("infos")
                    .anySatisfy(i -> assertThat(i).contains("answered from view"));
            InstantVector exact = ViewRuns.run(plan.dag(), plan.view(), plan.exact(), grid, store);
            assertThat(exact.steps()).isEqualTo(grid.size());
            assertSame(fromView, exact);
        }
    }

    @ParameterizedTest
    @CsvSource({"2,true", "3,true", "4,false"})
    void theNewestPanesNotBuiltYetAreComputedFromRawData(int unbuilt, boolean partly) {
        Plan plan = plan("rate", 300_000, List.of("job"), false);
        InMemoryDataStore store = data(12, false);
        build(plan, store, START, START + SPAN - unbuilt * PANE);
        StepGrid grid = new StepGrid(START + SPAN / 2 + 7_777, START + SPAN - 1_234, 15_000);
        RunContext context = ViewRuns.context(grid);
        InstantVector answer = ViewRuns.run(plan.dag(), plan.view(), plan.fallback(), grid, store, context);
        assertThat(context.infos())
                .anySatisfy(i -> assertThat(i).contains(partly ? "computed another way" : "from raw data"));
        assertSame(answer, ViewRuns.run(plan.dag(), plan.view(), plan.exact(), grid, store));
    }

    @Test
    void aPaneMissingInTheMiddleLeavesTheRunToTheExactEngine() {
        Plan plan = plan("increase", 300_000, List.of("job"), false);
        InMemoryDataStore store = data(13, false);
        build(plan, store, START, START + SPAN / 2);
        build(plan, store, START + SPAN / 2 + PANE, START + SPAN);
        StepGrid grid = new StepGrid(START + SPAN / 4 + 1, START + SPAN - 1, 10_000);
        RunContext context = ViewRuns.context(grid);
        InstantVector answer = ViewRuns.run(plan.dag(), plan.view(), plan.fallback(), grid, store, context);
        assertThat(context.infos()).anySatisfy(i -> assertThat(i).contains("answered exactly from raw data"));
        assertSame(answer, ViewRuns.run(plan.dag(), plan.view(), plan.exact(), grid, store));
    }

    /** The same series with the same values at the same steps, within 1e-9 relative. */
    private static void assertSame(InstantVector answer, InstantVector exact) {
        assertThat(answer.size()).isEqualTo(exact.size());
        int points = 0;
        for (int s = 0; s < exact.size(); s++) {
            int row = ViewRuns.indexOf(answer, exact.labels(s));
            assertThat(row).as("series %s", exact.labels(s)).isGreaterThanOrEqualTo(0);
            for (int i = 0; i < exact.steps(); i++) {
                assertThat(answer.has(row, i))
                        .as("%s step %d", exact.labels(s), i)
                        .isEqualTo(exact.has(s, i));
                if (exact.has(s, i)) {
                    double want = exact.value(s, i);
                    assertThat(answer.value(row, i))
                            .as("%s step %d", exact.labels(s), i)
                            .isCloseTo(want, org.assertj.core.data.Offset.offset(1e-9 * Math.abs(want) + 1e-12));
                    points++;
                }
            }
        }
        assertThat(points).isGreaterThan(50);
    }

    @Test
    void aValueThatIsNotFiniteLeavesItsGroupToTheExactEngine() {
        Plan plan = plan("rate", 300_000, List.of("job"), false);
        InMemoryDataStore store = data(10, false);
        long[] ts = new long[360];
        double[] vs = new double[360];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = START + 5 + i * 10_000L;
            vs[i] = i == 200 ? Double.NaN : i;
        }
        store.add(Labels.of("__name__", "c", "job", "j0", "series", "nan"), ts, vs);
        build(plan, store, START, START + SPAN);
        StepGrid grid = new StepGrid(START + 600_007, START + SPAN - 1, 15_000);
        RunContext context = ViewRuns.context(grid);
        InstantVector answer = ViewRuns.run(plan.dag(), plan.view(), plan.fallback(), grid, store, context);
        assertThat(context.infos()).anySatisfy(i -> assertThat(i).contains("a value that is not finite"));
        InstantVector exact = ViewRuns.run(plan.dag(), plan.view(), plan.exact(), grid, store);
        int row = ViewRuns.indexOf(answer, Labels.of("job", "j0"));
        int exactRow = ViewRuns.indexOf(exact, Labels.of("job", "j0"));
        for (int i = 0; i < grid.size(); i++) {
            assertThat(answer.has(row, i)).isEqualTo(exact.has(exactRow, i));
            assertThat(Double.valueOf(answer.value(row, i))).isEqualTo(Double.valueOf(exact.value(exactRow, i)));
        }
        // the NaN sample is the first of some windows: the sum is NaN there
        assertThat(java.util.stream.IntStream.range(0, grid.size())
                        .filter(i -> Double.isNaN(exact.value(exactRow, i)))
                        .count())
                .isGreaterThan(0);
    }

    @Test
    void curvesSurviveTheirBytesAndMergeAcrossPanes() {
        Plan plan = plan("rate", 300_000, List.of("job"), false);
        InMemoryDataStore store = data(11, false);
        Map<Interval, Map<Labels, State>> built = build(plan, store, START, START + 10 * PANE);
        Interval a = new Interval(START + 6 * PANE, START + 7 * PANE);
        Interval b = new Interval(START + 7 * PANE, START + 8 * PANE);
        Labels job = Labels.of("job", "j1");
        CurveState first = (CurveState) built.get(a).get(job);
        CurveState second = (CurveState) built.get(b).get(job);
        CurveState back = (CurveState) StateCodec.deserialize(first.serialize());
        assertThat(back.breakpoints()).isEqualTo(first.breakpoints()).isGreaterThan(10);
        CurveState merged = (CurveState) second.copy();
        merged.merge(first);
        Random random = new Random(3);
        for (int k = 0; k < 2_000; k++) {
            long t = a.start() + 1 + random.nextInt((int) (2 * PANE));
            CurveState one = t <= a.end() ? back : second;
            int p = one.pieceAt(t);
            int q = merged.pieceAt(t);
            assertThat(q >= 0 && merged.presentAt(q) > 0).isEqualTo(p >= 0 && one.presentAt(p) > 0);
            if (p >= 0 && one.presentAt(p) > 0) {
                assertThat(merged.valueAt(q, t)).isEqualTo(one.valueAt(p, t));
            }
        }
        byte[] bytes = first.serialize();
        bytes[bytes.length - 1] = (byte) 0xFF;
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> StateCodec.deserialize(bytes))
                .isInstanceOf(io.tessera.sketch.StateFormatException.class)
                .hasMessageContaining("series present");
        byte[] runs = first.serialize();
        runs[runs.length - 8] = 5;
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> StateCodec.deserialize(runs))
                .isInstanceOf(io.tessera.sketch.StateFormatException.class)
                .hasMessageContaining("run");
    }
}
