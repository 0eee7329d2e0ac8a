package io.tessera.exec.view;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.core.PaneGrid;
import io.tessera.exec.DataStore;
import io.tessera.exec.MaterializedViewRequest;
import io.tessera.exec.RunContext;
import io.tessera.exec.ViewStates;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.value.StepGrid;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.sketch.CounterState;
import io.tessera.sketch.SampleRunState;
import io.tessera.sketch.State;
import java.util.ArrayList;
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

    /** The functions a sweep answers. */
    public static boolean answers(String function) {
        return io.tessera.plan.ViewFamilies.answersFromSamples(function);
    }

    /** Newest panes a run reads raw when they are not built yet (at "now", the pane being filled and the one in the allowed lateness). */
    static final int RAW_NEWEST_PANES = 2;
    /** Series-steps below which a run stays on one thread. */
    private static final long PARALLEL_WORK = 200_000;

    private SampleSweep() {
    }

    /**
     * @param rawRows reads the view's Scan over an interval, for the newest panes not built yet
     */
    public static InstantVector evaluate(ViewRangeFunction f, MaterializedView view, StepGrid grid, DataStore store,
            RunContext context, Function<Interval, SeriesRows> rawRows) {
        if (!answers(f.function())) {
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
        if (states != null) {
            for (int p = 0; p < states.paneCount(); p++) {
                states.forEach(p, runs::add);
            }
        }
        if (usable < all.size()) {
            Interval raw = new Interval(usable == 0 ? spanStart : all.get(usable - 1).end(), spanEnd);
            SeriesRows rows = rawRows.apply(raw);
            for (int s = 0; s < rows.size(); s++) {
                SampleRunState tail = new SampleRunState();
                tail.update(rows.ts(s), rows.values(s), 0, rows.count(s));
                if (!tail.isEmpty()) {
                    runs.add(rows.labels(s), tail);
                }
            }
        }
        context.checkAlive();
        return sweep(f.function(), runs, grid, w, context);
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
    }

    private static InstantVector sweep(String function, Runs runs, StepGrid grid, long w, RunContext context) {
        int series = runs.labels.size();
        InstantVector out = new InstantVector(grid, Math.max(series, 1));
        Set<String> names = new HashSet<>();
        for (Labels l : runs.labels) {
            names.add(l.metricName());
            if (names.size() > 1) {
                break;
            }
        }
        Set<Labels> seen = names.size() > 1 ? new HashSet<>() : null;
        for (Labels l : runs.labels) {
            Labels outLabels = l.withoutMetricName();
            if (seen != null && !seen.add(outLabels)) {
                throw new MissingStateException("", new Interval(grid.start() - w, grid.last()),
                        "two series differ only in their metric name");
            }
            out.addSeries(outLabels);
        }
        boolean counter = !function.equals("delta");
        boolean rate = function.equals("rate");
        long work = (long) series * grid.size();
        int parts = work < PARALLEL_WORK ? 1 : Math.min(series, Math.max(1, ForkJoinPool.getCommonPoolParallelism() + 1));
        if (parts == 1) {
            new Walker(out, runs, grid, w, counter, rate, context).walk(0, series);
            return withPointsOnly(out);
        }
        List<ForkJoinTask<?>> tasks = new ArrayList<>();
        for (int k = 1; k < parts; k++) {
            int from = (int) ((long) series * k / parts);
            int to = (int) ((long) series * (k + 1) / parts);
            tasks.add(ForkJoinPool.commonPool().submit(() -> new Walker(out, runs, grid, w, counter, rate, context).walk(from, to)));
        }
        new Walker(out, runs, grid, w, counter, rate, context).walk(0, (int) ((long) series / parts));
        for (ForkJoinTask<?> t : tasks) {
            t.join();
        }
        return withPointsOnly(out);
    }

    /** {@code v} without the series that have no point (fewer than two samples in every window), as the exact engine answers. */
    private static InstantVector withPointsOnly(InstantVector v) {
        int kept = 0;
        for (int s = 0; s < v.size(); s++) {
            kept += v.hasAny(s) ? 1 : 0;
        }
        if (kept == v.size()) {
            return v;
        }
        InstantVector out = new InstantVector(v.grid(), Math.max(kept, 1));
        for (int s = 0; s < v.size(); s++) {
            if (v.hasAny(s)) {
                int row = out.addSeries(v.labels(s));
                for (int i = 0; i < v.steps(); i++) {
                    if (v.has(s, i)) {
                        out.set(row, i, v.value(s, i));
                    }
                }
            }
        }
        return out;
    }

    /** One thread's walk over a range of series, with its own scratch arrays. */
    private static final class Walker {
        private final InstantVector out;
        private final Runs runs;
        private final StepGrid grid;
        private final long w;
        private final boolean counter;
        private final boolean rate;
        private final double rangeSeconds;
        private final RunContext context;
        private SampleRunState[] segs = new SampleRunState[16];
        private long[] firstIndex = new long[16];
        private double[] carry = new double[16];

        Walker(InstantVector out, Runs runs, StepGrid grid, long w, boolean counter, boolean rate, RunContext context) {
            this.out = out;
            this.runs = runs;
            this.grid = grid;
            this.w = w;
            this.counter = counter;
            this.rate = rate;
            this.rangeSeconds = w / 1000.0;
            this.context = context;
        }

        void walk(int from, int to) {
            for (int s = from; s < to; s++) {
                if ((s & 255) == 0) {
                    context.checkAlive();
                }
                List<SampleRunState> list = runs.runs.get(s);
                int n = list.size();
                if (segs.length < n) {
                    segs = new SampleRunState[n];
                    firstIndex = new long[n];
                    carry = new double[n];
                }
                boolean finite = true;
                long index = 0;
                double drops = 0;
                for (int k = 0; k < n; k++) {
                    SampleRunState run = list.get(k);
                    segs[k] = run;
                    finite &= run.finite();
                    firstIndex[k] = index;
                    if (k > 0) {
                        SampleRunState before = segs[k - 1];
                        double last = before.values()[before.count() - 1];
                        double[] d = before.dropsBefore();
                        drops += d == null ? 0 : d[before.count() - 1];
                        if (run.values()[0] < last) {
                            drops += last;
                        }
                    }
                    carry[k] = drops;
                    index += run.count();
                }
                if (finite) {
                    series(s, n);
                } else {
                    seriesOneByOne(s, n);
                }
            }
        }

        /** The sweep over series {@code s}'s {@code n} runs, all of whose values are finite. */
        private void series(int s, int n) {
            int sl = 0;
            int il = 0;
            int sh = 0;
            int ih = 0;
            int steps = grid.size();
            for (int i = 0; i < steps; i++) {
                long end = grid.time(i);
                long begin = end - w;
                // lo: the first sample after begin
                while (true) {
                    SampleRunState run = segs[sl];
                    int bound = relative(begin, run.base());
                    int[] off = run.offsets();
                    while (off[il] <= bound) {
                        il++;
                    }
                    if (il < run.count() || sl == n - 1) {
                        break;
                    }
                    sl++;
                    il = 0;
                }
                if (sh < sl || sh == sl && ih < il) {
                    sh = sl;
                    ih = il;
                }
                // hi: the first sample after end
                while (true) {
                    SampleRunState run = segs[sh];
                    int bound = relative(end, run.base());
                    int[] off = run.offsets();
                    while (off[ih] <= bound) {
                        ih++;
                    }
                    if (ih < run.count() || sh == n - 1) {
                        break;
                    }
                    sh++;
                    ih = 0;
                }
                SampleRunState first = segs[sl];
                if (il >= first.count()) {
                    continue;
                }
                int lastSeg = sh;
                int lastIdx = ih - 1;
                if (lastIdx < 0) {
                    if (sh == 0) {
                        continue;
                    }
                    lastSeg = sh - 1;
                    lastIdx = segs[lastSeg].count() - 1;
                }
                long count = firstIndex[lastSeg] + lastIdx - (firstIndex[sl] + il) + 1;
                if (count < 2) {
                    continue;
                }
                SampleRunState last = segs[lastSeg];
                double firstValue = first.values()[il];
                double result = last.values()[lastIdx] - firstValue;
                if (counter) {
                    double[] dl = last.dropsBefore();
                    double[] df = first.dropsBefore();
                    result += (carry[lastSeg] + (dl == null ? 0 : dl[lastIdx])) - (carry[sl] + (df == null ? 0 : df[il]));
                }
                out.set(s, i, extrapolate(count, first.time(il), firstValue, last.time(lastIdx), result, begin, end));
            }
        }

        /** Series {@code s} with a NaN or infinite value: each window folded sample by sample, as the exact engine does. */
        private void seriesOneByOne(int s, int n) {
            int steps = grid.size();
            for (int i = 0; i < steps; i++) {
                long end = grid.time(i);
                long begin = end - w;
                CounterState state = new CounterState();
                for (int k = 0; k < n; k++) {
                    SampleRunState run = segs[k];
                    if (run.time(run.count() - 1) <= begin || run.base() > end) {
                        continue;
                    }
                    for (int j = 0; j < run.count(); j++) {
                        long t = run.time(j);
                        if (t > begin && t <= end) {
                            state.update(t, run.values()[j]);
                        }
                    }
                }
                if (state.count() < 2) {
                    continue;
                }
                out.set(s, i, !counter ? state.delta(begin, end) : rate ? state.rate(begin, end) : state.increase(begin, end));
            }
        }

        /**
         * Prometheus' extrapolation, with its two threshold tests and the counter's zero clamp
         * decided exactly in integer milliseconds (or, when too close to call, by
         * {@link CounterState#extrapolate} itself), and one division.
         */
        private double extrapolate(long count, long firstT, double firstValue, long lastT, double result, long begin, long end) {
            long toStart = firstT - begin;
            long toEnd = end - lastT;
            long sampled = lastT - firstT;
            long m = count - 1;
            if ((toStart | toEnd | sampled) >= Integer.MAX_VALUE || m >= 1 << 26) {
                return CounterState.extrapolate(count, firstT, firstValue, lastT, result, begin, end, counter, rate);
            }
            // a gap is extrapolated over while it is under 1.1 average intervals: 10·gap·m < 11·sampled
            long threshold = 11 * sampled;
            long startTest = 10 * toStart * m;
            long endTest = 10 * toEnd * m;
            if (startTest == threshold || endTest == threshold) {
                return CounterState.extrapolate(count, firstT, firstValue, lastT, result, begin, end, counter, rate);
            }
            double half = sampled / (2.0 * m);
            double startMs = startTest < threshold ? toStart : half;
            double endMs = endTest < threshold ? toEnd : half;
            if (counter && result > 0 && firstValue >= 0) {
                // the counter would reach zero before the start: sampled·first/result < startMs
                double a = firstValue * sampled;
                double b = startMs * result;
                if (!(Math.abs(a - b) > 1e-9 * Math.max(a, b))) {
                    return CounterState.extrapolate(count, firstT, firstValue, lastT, result, begin, end, counter, rate);
                }
                if (a < b) {
                    startMs = sampled * (firstValue / result);
                }
            }
            double v = result * ((sampled + startMs + endMs) / sampled);
            return rate ? v / rangeSeconds : v;
        }

        private static int relative(long t, long base) {
            long r = t - base;
            return r >= Integer.MAX_VALUE ? Integer.MAX_VALUE - 1 : r < -1 ? -1 : (int) r;
        }
    }
}
