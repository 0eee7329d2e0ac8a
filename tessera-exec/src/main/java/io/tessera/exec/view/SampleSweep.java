package io.tessera.exec.view;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.core.PaneGrid;
import io.tessera.exec.DataStore;
import io.tessera.exec.MaterializedViewRequest;
import io.tessera.exec.RunContext;
import io.tessera.exec.ViewStates;
import io.tessera.exec.function.Kahan;
import io.tessera.exec.op.Aggregations;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.LabelsTable;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.value.StepGrid;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.sketch.CounterState;
import io.tessera.sketch.SampleRunState;
import io.tessera.sketch.State;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.Function;

/**
 * {@code rate}, {@code increase} and {@code delta} at every step of a run, wherever the steps
 * fall, from a view that keeps each series' samples ({@link SampleRunState} panes). Each series'
 * runs are walked once: two cursors (the first sample after the window's start, the first after
 * its end) only move forward as the steps do, the reset correction between them is a difference
 * of the runs' running sums, and the extrapolation is Prometheus' — so a window costs the same
 * whether its edges lie on a pane grid or not. The panes of every step come from one view read;
 * the newest panes, while ingestion runs have not built them yet, are read raw.
 */
public final class SampleSweep {

    /** Newest panes a run reads raw when they are not built yet (at "now", the pane being filled and the one in the allowed lateness). */
    static final int RAW_NEWEST_PANES = 2;
    /** The longest span of one series a sweep lays out in int milliseconds (about 24 days), sentinels above it. */
    private static final long MAX_SPAN_MS = Integer.MAX_VALUE - 16;
    /** Times past the last sample, so that a cursor's jump of eight stops without a bounds check. */
    private static final int SENTINELS = 9;
    /** Samples a walker lays out at once (a few hundred KiB, so they stay in cache while swept), and series. */
    private static final int BATCH_SAMPLES = 1 << 14;
    private static final int MAX_BATCH = 256;
    /** Series-steps below which a run stays on one thread. */
    private static final long PARALLEL_WORK = 200_000;

    private SampleSweep() {
    }

    /**
     * @param rawRows reads the view's Scan over an interval, for the newest panes not built yet (the
     *     recent-samples log holds them when the store keeps one)
     */
    public static InstantVector evaluate(ViewRangeFunction f, MaterializedView view, StepGrid grid, DataStore store,
            RunContext context, Function<Interval, SeriesRows> rawRows) {
        Runs runs = gather(f, view, grid, store, context, rawRows);
        return sweep(f.function(), view.definitionId(), runs, grid, f.windowMs(), context, null);
    }

    /**
     * {@code sum by/without (grouping) (f)} at every step, summed while the sweep goes (no answer
     * per series is kept): within a group, series are added in their order with Kahan–Neumaier
     * compensation as the engine's {@code sum} adds them; the parts of a run split over threads
     * are added after one another.
     */
    public static InstantVector evaluateSum(ViewRangeFunction f, MaterializedView view, StepGrid grid, DataStore store,
            RunContext context, Function<Interval, SeriesRows> rawRows, List<String> grouping, boolean without) {
        Runs runs = gather(f, view, grid, store, context, rawRows);
        return sweep(f.function(), view.definitionId(), runs, grid, f.windowMs(), context, new Grouping(grouping, without));
    }

    /** A {@code sum}'s grouping. */
    private record Grouping(List<String> labels, boolean without) {
    }

    /** Every series' runs over the span of the run's windows: one view read, and the newest panes raw. */
    private static Runs gather(ViewRangeFunction f, MaterializedView view, StepGrid grid, DataStore store,
            RunContext context, Function<Interval, SeriesRows> rawRows) {
        if (!io.tessera.plan.ViewFamilies.answersFromSamples(f.function())) {
            throw new IllegalArgumentException("a sample view does not answer " + f.function());
        }
        long w = f.windowMs();
        PaneGrid panes = new PaneGrid(view.paneMs(), view.phaseMs());
        long spanStart = grid.start() - w;
        long spanEnd = grid.last();
        List<Interval> all = panes.panesWithin(new Interval(panes.paneEndFor(spanStart + 1) - view.paneMs(),
                panes.paneEndFor(spanEnd)));
        int usable = all.size();
        ViewStates states;
        while (true) {
            try {
                List<Interval> read = all.subList(0, usable);
                states = usable == 0 ? null : store.readMaterializedView(view,
                        new MaterializedViewRequest(new Interval(read.getFirst().start(), read.getLast().end()), read), context);
                break;
            } catch (MissingStateException e) {
                int at = all.indexOf(e.missing());
                if (at <= 0 || all.size() - at > RAW_NEWEST_PANES) {
                    throw e;
                }
                usable = at;
            }
        }
        Runs runs = new Runs();
        if (states != null && states.groups() != null) {
            // the store names groups by id: no label set is hashed until a raw tail needs it
            LabelsTable table = states.groups();
            int[] runOf = new int[table.size()];
            Arrays.fill(runOf, -1);
            for (int p = 0; p < states.paneCount(); p++) {
                states.forEachGroup(p, (group, state) -> {
                    if (group >= runOf.length) {
                        runs.add(table.labels(group), state);
                    } else if (runOf[group] < 0) {
                        if (!state.isEmpty()) {
                            runOf[group] = runs.labels.size();
                            runs.add(table.labels(group), state);
                        }
                    } else {
                        runs.addTo(runOf[group], state);
                    }
                });
            }
        } else if (states != null) {
            for (int p = 0; p < states.paneCount(); p++) {
                states.forEach(p, runs::add);
            }
        }
        if (usable < all.size()) {
            Interval raw = new Interval(usable == 0 ? spanStart : all.get(usable - 1).end(), spanEnd);
            SeriesRows rows = rawRows.apply(raw);
            for (int s = 0; s < rows.size(); s++) {
                SampleRunState tail = new SampleRunState();
                tail.update(rows.tsArray(s), rows.valuesArray(s), rows.first(s), rows.first(s) + rows.count(s));
                if (!tail.isEmpty()) {
                    runs.add(rows.labels(s), tail);
                }
            }
        }
        context.checkAlive();
        return runs;
    }

    /** Each series' runs in time order, by the series' first appearance. */
    private static final class Runs {
        final Map<Labels, Integer> ids = new HashMap<>();
        final List<Labels> labels = new ArrayList<>();
        final List<List<SampleRunState>> runs = new ArrayList<>();

        void add(Labels series, State state) {
            SampleRunState run = (SampleRunState) state;
            if (run.isEmpty()) {
                return;
            }
            Integer id = ids.get(series);
            if (id == null) {
                id = labels.size();
                ids.put(series, id);
                labels.add(series);
                runs.add(new ArrayList<>(16));
            }
            runs.get(id).add(run);
        }

        /** Adds a run to the series of index {@code id}, known from an earlier pane. */
        void addTo(int id, State state) {
            SampleRunState run = (SampleRunState) state;
            if (!run.isEmpty()) {
                runs.get(id).add(run);
            }
        }
    }

    private static InstantVector sweep(String function, String viewId, Runs runs, StepGrid grid, long w, RunContext context,
            Grouping sum) {
        int series = runs.labels.size();
        Set<String> names = new HashSet<>();
        for (Labels l : runs.labels) {
            names.add(l.metricName());
            if (names.size() > 1) {
                break;
            }
        }
        Set<Labels> seen = names.size() > 1 ? new HashSet<>() : null;
        Labels[] outLabels = new Labels[series];
        for (int s = 0; s < series; s++) {
            outLabels[s] = runs.labels.get(s).withoutMetricName();
            if (seen != null && !seen.add(outLabels[s])) {
                throw new MissingStateException(viewId, new Interval(grid.start() - w, grid.last()),
                        "two series differ only in their metric name");
            }
        }
        InstantVector out;
        int[] groupOf = null;
        if (sum == null) {
            out = new InstantVector(grid, Math.max(series, 1));
            for (Labels l : outLabels) {
                out.addSeries(l);
            }
        } else {
            groupOf = new int[series];
            Map<Labels, Integer> groups = new HashMap<>();
            List<Labels> groupLabels = new ArrayList<>();
            for (int s = 0; s < series; s++) {
                Labels g = Aggregations.groupLabels(outLabels[s], sum.labels(), sum.without());
                Integer id = groups.get(g);
                if (id == null) {
                    id = groupLabels.size();
                    groups.put(g, id);
                    groupLabels.add(g);
                }
                groupOf[s] = id;
            }
            out = new InstantVector(grid, Math.max(groupLabels.size(), 1));
            for (Labels g : groupLabels) {
                out.addSeries(g);
            }
        }
        boolean counter = !function.equals("delta");
        boolean rate = function.equals("rate");
        long work = (long) series * grid.size();
        // series (or groups) without a point, fewer than two samples in every window, are dropped below, as the exact engine drops them
        int parts = work < PARALLEL_WORK ? 1 : Math.min(series, Math.max(1, ForkJoinPool.getCommonPoolParallelism() + 1));
        Walker[] walkers = new Walker[parts];
        for (int k = 0; k < parts; k++) {
            walkers[k] = new Walker(out, groupOf == null ? null : new GroupSums(groupOf, out.size(), grid.size()), runs, grid,
                    w, counter, rate, context);
        }
        List<ForkJoinTask<?>> tasks = new ArrayList<>();
        for (int k = 1; k < parts; k++) {
            int from = (int) ((long) series * k / parts);
            int to = (int) ((long) series * (k + 1) / parts);
            Walker walker = walkers[k];
            tasks.add(ForkJoinPool.commonPool().submit(() -> walker.walk(from, to)));
        }
        walkers[0].walk(0, (int) ((long) series / parts));
        for (ForkJoinTask<?> t : tasks) {
            t.join();
        }
        if (groupOf != null) {
            GroupSums total = walkers[0].sums;
            for (int k = 1; k < parts; k++) {
                total.add(walkers[k].sums);
            }
            total.writeTo(out);
        }
        return Aggregations.dropEmpty(out);
    }

    /** One walker's sums per group and step, compensated as the engine's {@code sum} compensates them. */
    private static final class GroupSums {
        final int[] groupOf;
        final double[][] sums;
        final double[][] comps;
        final long[][] seen;

        GroupSums(int[] groupOf, int groups, int steps) {
            this.groupOf = groupOf;
            sums = new double[groups][steps];
            comps = new double[groups][steps];
            seen = new long[groups][(steps + 63) >>> 6];
        }

        void add(int s, int i, double f) {
            int g = groupOf[s];
            add(g, i, f, 0);
        }

        private void add(int g, int i, double f, double fComp) {
            if ((seen[g][i >>> 6] & (1L << i)) == 0) {
                seen[g][i >>> 6] |= 1L << i;
                sums[g][i] = f;
                comps[g][i] = fComp;
                return;
            }
            double sum = sums[g][i];
            double t = sum + f;
            comps[g][i] = Kahan.compensate(f, sum, t, comps[g][i]) + fComp;
            sums[g][i] = t;
        }

        /** Adds another walker's sums, of the series after this one's. */
        void add(GroupSums later) {
            for (int g = 0; g < sums.length; g++) {
                for (int i = 0; i < sums[g].length; i++) {
                    if ((later.seen[g][i >>> 6] & (1L << i)) != 0) {
                        add(g, i, later.sums[g][i], later.comps[g][i]);
                    }
                }
            }
        }

        void writeTo(InstantVector out) {
            for (int g = 0; g < sums.length; g++) {
                for (int i = 0; i < sums[g].length; i++) {
                    if ((seen[g][i >>> 6] & (1L << i)) != 0) {
                        out.set(g, i, sums[g][i] + comps[g][i]);
                    }
                }
            }
        }
    }

    /** One thread's walk over a range of series, with its own scratch arrays. */
    private static final class Walker {
        private final InstantVector out;
        /** With a {@code sum}: where each value goes instead of {@code out}. */
        private final GroupSums sums;
        private final Runs runs;
        private final StepGrid grid;
        private final long w;
        private final boolean counter;
        private final boolean rate;
        private final double rangeSeconds;
        private final RunContext context;

        Walker(InstantVector out, GroupSums sums, Runs runs, StepGrid grid, long w, boolean counter, boolean rate,
                RunContext context) {
            this.out = out;
            this.sums = sums;
            this.runs = runs;
            this.grid = grid;
            this.w = w;
            this.counter = counter;
            this.rate = rate;
            this.rangeSeconds = w / 1000.0;
            this.context = context;
        }

        private int[] times = new int[1 << 14];
        private double[] values = new double[1 << 14];
        private double[] drops = new double[1 << 14];
        private int[] start = new int[64];
        private int[] filled = new int[64];

        /**
         * Series {@code [from, to)} in batches whose samples fit the scratch arrays: each batch's
         * runs copied pane by pane (the runs of one pane lie side by side, series after series, so
         * the copy reads each pane's arrays front to back), then each series swept.
         */
        void walk(int from, int to) {
            for (int b = from; b < to; ) {
                context.checkAlive();
                int e = b;
                int samples = 0;
                int mostRuns = 0;
                while (e < to && e - b < MAX_BATCH) {
                    int total = 0;
                    for (SampleRunState run : runs.runs.get(e)) {
                        total += run.count();
                    }
                    if (e > b && samples + total + SENTINELS > BATCH_SAMPLES) {
                        break;
                    }
                    if (start.length <= e - b) {
                        start = Arrays.copyOf(start, (e - b) * 2);
                        filled = Arrays.copyOf(filled, (e - b) * 2);
                    }
                    start[e - b] = samples;
                    filled[e - b] = samples;
                    samples += total + SENTINELS;
                    mostRuns = Math.max(mostRuns, runs.runs.get(e).size());
                    e++;
                }
                if (times.length < samples) {
                    times = new int[samples];
                    values = new double[samples];
                    drops = new double[samples];
                }
                for (int k = 0; k < mostRuns; k++) {
                    for (int s = b; s < e; s++) {
                        List<SampleRunState> list = runs.runs.get(s);
                        SampleRunState last = list.getLast();
                        if (k < list.size() && last.time(last.count() - 1) - list.getFirst().base() < MAX_SPAN_MS) {
                            SampleRunState run = list.get(k);
                            int at = filled[s - b];
                            int count = run.count();
                            int shift = (int) (run.base() - list.getFirst().base());
                            int[] off = run.offsets();
                            int p = run.from();
                            for (int j = 0; j < count; j++) {
                                times[at + j] = off[p + j] + shift;
                            }
                            System.arraycopy(run.values(), p, values, at, count);
                            filled[s - b] = at + count;
                        }
                    }
                }
                for (int s = b; s < e; s++) {
                    List<SampleRunState> list = runs.runs.get(s);
                    boolean finite = true;
                    for (SampleRunState run : list) {
                        finite &= run.finite();
                    }
                    SampleRunState last = list.getLast();
                    if (finite && last.time(last.count() - 1) - list.getFirst().base() < MAX_SPAN_MS) {
                        series(s, list.getFirst().base(), start[s - b], filled[s - b], counter && dropped(list));
                    } else {
                        seriesOneByOne(s, list);
                    }
                }
                b = e;
            }
        }

        /**
         * The sweep over series {@code s}'s samples, all finite, laid end to end in the scratch
         * arrays at {@code [first, last)} (times after {@code base}): with the running sum of its
         * drops when {@code corrected} (a counter whose values drop), two cursors that only move
         * forward.
         */
        private void series(int s, long base, int first, int last, boolean corrected) {
            int[] t = times;
            double[] v = values;
            double[] d = drops;
            Arrays.fill(t, last, last + SENTINELS, Integer.MAX_VALUE);
            if (corrected) {
                // the running sum of the values before each drop: a window's reset correction is one subtraction
                double sum = 0;
                d[first] = 0;
                for (int x = first + 1; x < last; x++) {
                    // without a branch: the sign of a finite difference says whether the value dropped
                    double before = v[x - 1];
                    long dropped = Double.doubleToRawLongBits(v[x] - before) >> 63;
                    sum += Double.longBitsToDouble(Double.doubleToRawLongBits(before) & dropped);
                    d[x] = sum;
                }
            }
            long startRel = grid.start() - base;
            long step = grid.step();
            int steps = grid.size();
            int lo = first;
            int hi = first;
            for (int i = 0; i < steps; i++) {
                long endRel = startRel + i * step;
                int end = clamp(endRel);
                int begin = clamp(endRel - w);
                // jumps of eight first: a second's scrape moves a 15 s step by 15 samples
                while (t[lo + 8] <= begin) {
                    lo += 8;
                }
                while (t[lo] <= begin) {
                    lo++;
                }
                if (hi < lo) {
                    hi = lo;
                }
                while (t[hi + 8] <= end) {
                    hi += 8;
                }
                while (t[hi] <= end) {
                    hi++;
                }
                int count = hi - lo;
                if (count < 2) {
                    continue;
                }
                double firstValue = v[lo];
                double result = v[hi - 1] - firstValue;
                if (corrected) {
                    result += d[hi - 1] - d[lo];
                }
                emit(s, i, extrapolate(count, t[lo], firstValue, t[hi - 1], result, endRel - w, endRel));
            }
        }

        /** Whether a value of the series' runs drops, inside a run or from one run to the next: only then are resets corrected. */
        private static boolean dropped(List<SampleRunState> runs) {
            SampleRunState before = null;
            for (SampleRunState run : runs) {
                if (run.dropped() || before != null && run.value(0) < before.value(before.count() - 1)) {
                    return true;
                }
                before = run;
            }
            return false;
        }

        private void emit(int s, int i, double v) {
            if (sums == null) {
                out.set(s, i, v);
            } else {
                sums.add(s, i, v);
            }
        }

        private static int clamp(long t) {
            return t >= Integer.MAX_VALUE ? Integer.MAX_VALUE - 1 : t < -1 ? -1 : (int) t;
        }

        /**
         * Series {@code s} with a NaN or infinite value, or whose samples span more than int
         * milliseconds hold: each window folded sample by sample, as the exact engine does.
         */
        private void seriesOneByOne(int s, List<SampleRunState> list) {
            int steps = grid.size();
            for (int i = 0; i < steps; i++) {
                long end = grid.time(i);
                long begin = end - w;
                CounterState state = new CounterState();
                for (SampleRunState run : list) {
                    if (run.time(run.count() - 1) <= begin || run.base() > end) {
                        continue;
                    }
                    for (int j = 0; j < run.count(); j++) {
                        long t = run.time(j);
                        if (t > begin && t <= end) {
                            state.update(t, run.value(j));
                        }
                    }
                }
                if (state.count() < 2) {
                    continue;
                }
                emit(s, i, !counter ? state.delta(begin, end) : rate ? state.rate(begin, end) : state.increase(begin, end));
            }
        }

        /**
         * Prometheus' extrapolation, with its two threshold tests and the counter's zero clamp
         * decided exactly in integer milliseconds (or, when too close to call, by
         * {@link CounterState#extrapolate} itself), and one division where no gap is extrapolated
         * by half an interval.
         */
        private double extrapolate(long count, long firstT, double firstValue, long lastT, double result, long begin, long end) {
            long toStart = firstT - begin;
            long toEnd = end - lastT;
            long sampled = lastT - firstT;
            long m = count - 1;
            if ((toStart | toEnd | sampled) >= Integer.MAX_VALUE || m >= 1 << 26) {
                return exactly(count, firstT, firstValue, lastT, result, begin, end);
            }
            // a gap is extrapolated over while it is under 1.1 average intervals: 10·gap·m < 11·sampled
            long threshold = 11 * sampled;
            long startTest = 10 * toStart * m;
            long endTest = 10 * toEnd * m;
            if (startTest == threshold || endTest == threshold) {
                return exactly(count, firstT, firstValue, lastT, result, begin, end);
            }
            double startMs = startTest < threshold ? toStart : sampled / (2.0 * m);
            double endMs = endTest < threshold ? toEnd : sampled / (2.0 * m);
            if (counter && result > 0 && firstValue >= 0) {
                // the counter would reach zero before the start: sampled·first/result < startMs
                double a = firstValue * sampled;
                double b = startMs * result;
                if (!(Math.abs(a - b) > 1e-9 * Math.max(a, b))) {
                    return exactly(count, firstT, firstValue, lastT, result, begin, end);
                }
                if (a < b) {
                    startMs = sampled * (firstValue / result);
                }
            }
            return result * (sampled + startMs + endMs) / (rate ? sampled * rangeSeconds : sampled);
        }

        /** The engine's own arithmetic, for what the integer tests cannot decide; kept apart so the fast path stays small. */
        private double exactly(long count, long firstT, double firstValue, long lastT, double result, long begin, long end) {
            return CounterState.extrapolate(count, firstT, firstValue, lastT, result, begin, end, counter, rate);
        }

    }
}
