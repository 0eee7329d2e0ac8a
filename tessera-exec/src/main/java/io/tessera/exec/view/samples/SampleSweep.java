package io.tessera.exec.view.samples;

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
import io.tessera.exec.view.ReferenceCursor;
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
    /** How much more than a window's increase a counter's first value times its intervals must be for its zero point to be out of reach. */
    private static final double ZERO_MARGIN = 1 + 1e-8;
    /** Series-steps below which a run stays on one thread. */
    private static final long PARALLEL_WORK = 200_000;

    private SampleSweep() {}

    /**
     * Reads the view's Scan over an interval, for the newest panes not built yet (the recent-samples
     * log holds them when the store keeps one).
     */
    @FunctionalInterface
    public interface TailReader {
        /**
         * @param known the view's series: a raw series handed as one of these very objects is taken
         *     as matching the Scan without its labels being checked again
         */
        SeriesRows read(Interval span, Labels[] known);
    }

    /**
     * @param rawRows reads the newest panes, not built yet
     * @param oneMetric whether the view's selector names one metric, so that no two of its series
     *     can differ only in their metric name (which the function drops)
     */
    public static InstantVector evaluate(
            ViewRangeFunction f,
            MaterializedView view,
            StepGrid grid,
            DataStore store,
            RunContext context,
            TailReader rawRows,
            boolean oneMetric) {
        Runs runs = gather(f, view, grid, store, context, rawRows);
        return sweep(f.function(), view.definitionId(), runs, grid, f.windowMs(), context, null, oneMetric);
    }

    /**
     * {@code sum by/without (grouping) (f)} at every step, summed while the sweep goes (no answer
     * per series is kept): within a group, series are added in their order with Kahan–Neumaier
     * compensation as the engine's {@code sum} adds them; the parts of a run split over threads
     * are added after one another.
     */
    public static InstantVector evaluateSum(
            ViewRangeFunction f,
            MaterializedView view,
            StepGrid grid,
            DataStore store,
            RunContext context,
            TailReader rawRows,
            boolean oneMetric,
            List<String> grouping,
            boolean without) {
        Runs runs = gather(f, view, grid, store, context, rawRows);
        return sweep(
                f.function(),
                view.definitionId(),
                runs,
                grid,
                f.windowMs(),
                context,
                new Grouping(grouping, without),
                oneMetric);
    }

    /** A {@code sum}'s grouping. */
    private record Grouping(List<String> labels, boolean without) {}

    /** Every series' runs over the span of the run's windows: one view read, and the newest panes raw. */
    private static Runs gather(
            ViewRangeFunction f,
            MaterializedView view,
            StepGrid grid,
            DataStore store,
            RunContext context,
            TailReader rawRows) {
        if (!io.tessera.plan.ViewFamilies.answersFromSamples(f.function())) {
            throw new IllegalArgumentException("a sample view does not answer " + f.function());
        }
        long w = f.windowMs();
        PaneGrid panes = new PaneGrid(view.paneMs(), view.phaseMs());
        long spanStart = grid.start() - w;
        long spanEnd = grid.last();
        List<Interval> all = panes.panesWithin(
                new Interval(panes.paneEndFor(spanStart + 1) - view.paneMs(), panes.paneEndFor(spanEnd)));
        int usable = all.size();
        ViewStates states;
        while (true) {
            try {
                List<Interval> read = all.subList(0, usable);
                states = usable == 0
                        ? null
                        : store.readMaterializedView(
                                view,
                                new MaterializedViewRequest(
                                        new Interval(
                                                read.getFirst().start(),
                                                read.getLast().end()),
                                        read),
                                context);
                break;
            } catch (MissingStateException e) {
                int at = all.indexOf(e.missing());
                if (at <= 0 || all.size() - at > RAW_NEWEST_PANES) {
                    throw e;
                }
                usable = at;
            }
        }
        Runs runs = new Runs(all.size() + 1);
        if (states != null && states.groups() != null) {
            gatherById(states, runs);
        } else if (states != null) {
            for (int p = 0; p < states.paneCount(); p++) {
                runs.restart(runs.labels.toArray(new Labels[0]));
                states.forEach(p, runs::add);
            }
        }
        if (usable < all.size()) {
            Interval raw =
                    new Interval(usable == 0 ? spanStart : all.get(usable - 1).end(), spanEnd);
            Labels[] known = runs.labels.toArray(new Labels[0]);
            SeriesRows rows = rawRows.read(raw, known);
            runs.restart(known);
            for (int s = 0; s < rows.size(); s++) {
                SampleRunState tail = new SampleRunState();
                tail.update(rows.tsArray(s), rows.valuesArray(s), rows.first(s), rows.first(s) + rows.count(s));
                runs.add(rows.labels(s), tail);
            }
        }
        context.checkAlive();
        return runs;
    }

    /**
     * The runs of a store that names groups by id (no label set is hashed until a raw tail needs
     * it): each pane's group ids and states listed, the panes split over the cores; the series
     * numbered in order of first appearance; then each series' runs collected in pane order, the
     * series split over the cores.
     */
    private static void gatherById(ViewStates states, Runs runs) {
        LabelsTable table = states.groups();
        int panes = states.paneCount();
        int[][] ids = new int[panes][];
        State[][] held = new State[panes][];
        long total = 0;
        for (int p = 0; p < panes; p++) {
            total += states.stateCount(p);
        }
        inParts(panes, parts(panes, total), (k, from, to) -> {
            for (int p = from; p < to; p++) {
                int[] paneIds = new int[states.stateCount(p)];
                State[] paneStates = new State[paneIds.length];
                int[] n = {0};
                states.forEachGroup(p, (group, state) -> {
                    if (!state.isEmpty()) {
                        paneIds[n[0]] = group;
                        paneStates[n[0]++] = state;
                    }
                });
                ids[p] = Arrays.copyOf(paneIds, n[0]);
                held[p] = paneStates;
            }
        });
        int[] seriesOf = new int[table.size()];
        Arrays.fill(seriesOf, -1);
        int first = runs.labels.size();
        for (int p = 0; p < panes; p++) {
            for (int k = 0; k < ids[p].length; k++) {
                int g = ids[p][k];
                if (g >= seriesOf.length) {
                    // a group the view gained after its table was read: by label set
                    runs.add(table.labels(g), held[p][k]);
                    ids[p][k] = -1;
                } else if (seriesOf[g] < 0) {
                    seriesOf[g] = runs.addSeries(table.labels(g));
                }
            }
        }
        int series = runs.labels.size() - first;
        inParts(series, parts(series, total), (part, from, to) -> {
            for (int p = 0; p < panes; p++) {
                int[] paneIds = ids[p];
                for (int k = 0; k < paneIds.length; k++) {
                    int at = paneIds[k] < 0 ? -1 : seriesOf[paneIds[k]] - first;
                    if (at >= from && at < to) {
                        runs.runs.get(first + at).add((SampleRunState) held[p][k]);
                    }
                }
            }
        });
    }

    /** Something done to part {@code k}, items {@code [from, to)}, of {@code n} items. */
    @FunctionalInterface
    private interface Part {
        void run(int k, int from, int to);
    }

    /** How many parts {@code n} items are split into: one per core when there is {@code work} enough. */
    private static int parts(int n, long work) {
        return work < PARALLEL_WORK ? 1 : Math.min(n, Math.max(1, ForkJoinPool.getCommonPoolParallelism() + 1));
    }

    /** Runs {@code part} over {@code [0, n)} in {@code parts} parts, all but the first on the common pool. */
    private static void inParts(int n, int parts, Part part) {
        List<ForkJoinTask<?>> tasks = new ArrayList<>();
        for (int k = 1; k < parts; k++) {
            int index = k;
            int from = (int) ((long) n * k / parts);
            int to = (int) ((long) n * (k + 1) / parts);
            tasks.add(ForkJoinPool.commonPool().submit(() -> part.run(index, from, to)));
        }
        part.run(0, 0, (int) ((long) n / parts));
        for (ForkJoinTask<?> t : tasks) {
            t.join();
        }
    }

    /** Each series' runs in time order. */
    private static final class Runs {
        final List<Labels> labels = new ArrayList<>();
        final List<List<SampleRunState>> runs = new ArrayList<>();
        private final int panes;
        /** The series' label sets found by reference where they are not where expected, then by value. */
        private ReferenceCursor sameLabels;

        private Map<Labels, Integer> ids;

        Runs(int panes) {
            this.panes = panes;
        }

        /** A series not seen before; its index. */
        int addSeries(Labels series) {
            int id = labels.size();
            labels.add(series);
            runs.add(new ArrayList<>(panes));
            if (ids != null) {
                ids.put(series, id);
            }
            return id;
        }

        /** Adds a run to the series of index {@code id}. */
        void addTo(int id, State state) {
            SampleRunState run = (SampleRunState) state;
            if (!run.isEmpty()) {
                runs.get(id).add(run);
            }
        }

        /** Adds a run to the series of that label set, a new one if none has it. */
        void add(Labels series, State state) {
            if (state.isEmpty()) {
                return;
            }
            int id = indexOf(series);
            addTo(id >= 0 ? id : addSeries(series), state);
        }

        /** Series come again (in about the order of {@code known}, the series so far): from now on they are found by reference first. */
        void restart(Labels[] known) {
            sameLabels = new ReferenceCursor(known);
        }

        private int indexOf(Labels series) {
            int id = sameLabels == null ? -1 : sameLabels.indexOf(series);
            if (id >= 0) {
                return id;
            }
            if (ids == null) {
                ids = new HashMap<>();
                for (int k = 0; k < labels.size(); k++) {
                    ids.put(labels.get(k), k);
                }
            }
            Integer known = ids.get(series);
            return known == null ? -1 : known;
        }
    }

    private static InstantVector sweep(
            String function,
            String viewId,
            Runs runs,
            StepGrid grid,
            long w,
            RunContext context,
            Grouping sum,
            boolean oneMetric) {
        int series = runs.labels.size();
        Set<String> names = new HashSet<>();
        for (int s = 0; s < series && !oneMetric && names.size() < 2; s++) {
            names.add(runs.labels.get(s).metricName());
        }
        Labels[] outLabels = null;
        if (names.size() > 1 || sum == null) {
            Set<Labels> seen = names.size() > 1 ? new HashSet<>() : null;
            outLabels = new Labels[series];
            for (int s = 0; s < series; s++) {
                outLabels[s] = runs.labels.get(s).withoutMetricName();
                if (seen != null && !seen.add(outLabels[s])) {
                    throw new MissingStateException(
                            viewId,
                            new Interval(grid.start() - w, grid.last()),
                            "two series differ only in their metric name");
                }
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
            // the function drops the metric name: grouping by it groups by nothing
            List<String> grouping = sum.without()
                    ? sum.labels()
                    : sum.labels().stream()
                            .filter(l -> !l.equals(Labels.METRIC_NAME))
                            .toList();
            Labels[] keys = new Labels[series];
            inParts(series, parts(series, series * 64L), (k, from, to) -> {
                for (int s = from; s < to; s++) {
                    keys[s] = Aggregations.groupLabels(runs.labels.get(s), grouping, sum.without());
                }
            });
            for (int s = 0; s < series; s++) {
                Labels g = keys[s];
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
        // series (or groups) without a point, fewer than two samples in every window, are dropped below, as the exact
        // engine drops them
        int parts = parts(series, work);
        Walker[] walkers = new Walker[parts];
        for (int k = 0; k < parts; k++) {
            walkers[k] = new Walker(
                    out,
                    groupOf == null ? null : new GroupSums(groupOf, out.size(), grid.size()),
                    runs,
                    grid,
                    w,
                    counter,
                    rate,
                    context);
        }
        inParts(series, parts, (k, from, to) -> walkers[k].walk(from, to));
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

        Walker(
                InstantVector out,
                GroupSums sums,
                Runs runs,
                StepGrid grid,
                long w,
                boolean counter,
                boolean rate,
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
        /** Per series of the batch: the time between its samples when all are evenly spaced, else 0. */
        private long[] interval = new long[64];
        /** The sums of the group of the series being swept, with a {@code sum}. */
        private double[] groupSum;

        private double[] groupComp;
        private long[] groupSeen;
        /** The interval {@link #factors} last made its table for, and the table. */
        private long factorsDelta;

        private double[] factorTable;

        /**
         * Series {@code [from, to)} in batches whose samples fit the scratch arrays: each batch's
         * runs copied pane by pane (the runs of one pane lie side by side, series after series, so
         * the copy reads each pane's arrays front to back), then each series swept. The times of a
         * series whose samples are evenly spaced are not copied: they are computed.
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
                        interval = Arrays.copyOf(interval, (e - b) * 2);
                    }
                    start[e - b] = samples;
                    filled[e - b] = samples;
                    interval[e - b] = evenInterval(runs.runs.get(e));
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
                        if (k < list.size()
                                && last.time(last.count() - 1) - list.getFirst().base() < MAX_SPAN_MS) {
                            SampleRunState run = list.get(k);
                            int at = filled[s - b];
                            int count = run.count();
                            int p = run.from();
                            if (interval[s - b] == 0) {
                                int shift = (int) (run.base() - list.getFirst().base());
                                int[] off = run.offsets();
                                for (int j = 0; j < count; j++) {
                                    times[at + j] = off[p + j] + shift;
                                }
                            }
                            System.arraycopy(run.values(), p, values, at, count);
                            filled[s - b] = at + count;
                        }
                    }
                }
                for (int s = b; s < e; s++) {
                    toGroupOf(s);
                    List<SampleRunState> list = runs.runs.get(s);
                    boolean finite = true;
                    for (SampleRunState run : list) {
                        finite &= run.finite();
                    }
                    SampleRunState last = list.getLast();
                    if (finite && last.time(last.count() - 1) - list.getFirst().base() < MAX_SPAN_MS) {
                        boolean corrected = counter && dropped(list);
                        if (corrected) {
                            dropSums(list, start[s - b]);
                        }
                        long even = interval[s - b];
                        if (even > 0) {
                            evenSeries(s, list.getFirst().base(), even, start[s - b], filled[s - b], corrected);
                        } else {
                            series(s, list.getFirst().base(), start[s - b], filled[s - b], corrected);
                        }
                    } else {
                        seriesOneByOne(s, list);
                    }
                }
                b = e;
            }
        }

        /**
         * The time between the samples of a series whose samples, over all its runs, are evenly
         * spaced (each run so, and each run's first sample where the spacing puts it); 0 if they are not.
         */
        private static long evenInterval(List<SampleRunState> list) {
            long base = list.getFirst().base();
            long delta = 0;
            for (SampleRunState run : list) {
                if (run.interval() != 0) {
                    delta = run.interval();
                    break;
                }
            }
            if (delta == 0 && list.size() > 1) {
                delta = list.get(1).base() - base;
            }
            if (delta <= 0) {
                return 0;
            }
            long index = 0;
            for (SampleRunState run : list) {
                if (run.interval() != 0 && run.interval() != delta || run.base() - base != index * delta) {
                    return 0;
                }
                index += run.count();
            }
            return delta;
        }

        /**
         * The running sum of the values before each drop of the series' samples, laid end to end
         * from {@code first}, run after run: a window's reset correction is one subtraction. The
         * sum is carried through a run none of whose values drops without looking at them.
         */
        private void dropSums(List<SampleRunState> list, int first) {
            double[] v = values;
            double[] d = drops;
            double sum = 0;
            int at = first;
            for (int k = 0; k < list.size(); k++) {
                SampleRunState run = list.get(k);
                int end = at + run.count();
                if (k > 0 && v[at] < v[at - 1]) {
                    sum += v[at - 1];
                }
                d[at] = sum;
                if (run.dropped()) {
                    int x = at + 1;
                    // four samples at a time, so that the running sum waits for one addition per four samples, not four
                    for (; x + 3 < end; x += 4) {
                        double m0 = dropBefore(v, x);
                        double m01 = m0 + dropBefore(v, x + 1);
                        double m2 = dropBefore(v, x + 2);
                        double m23 = m2 + dropBefore(v, x + 3);
                        d[x] = sum + m0;
                        d[x + 1] = sum + m01;
                        d[x + 2] = sum + (m01 + m2);
                        sum += m01 + m23;
                        d[x + 3] = sum;
                    }
                    for (; x < end; x++) {
                        sum += dropBefore(v, x);
                        d[x] = sum;
                    }
                } else {
                    Arrays.fill(d, at + 1, end, sum);
                }
                at = end;
            }
        }

        /** The value before sample {@code x} if sample {@code x} is lower, else 0; without a branch: the sign of a finite difference says. */
        private static double dropBefore(double[] v, int x) {
            double before = v[x - 1];
            long dropped = Double.doubleToRawLongBits(v[x] - before) >> 63;
            return Double.longBitsToDouble(Double.doubleToRawLongBits(before) & dropped);
        }

        /**
         * The sweep over series {@code s}'s samples, all finite, laid end to end in the scratch
         * arrays at {@code [first, last)} (times after {@code base}): two cursors that only move
         * forward, and the running sums of its drops when {@code corrected}.
         */
        private void series(int s, long base, int first, int last, boolean corrected) {
            int[] t = times;
            double[] v = values;
            double[] d = drops;
            Arrays.fill(t, last, last + SENTINELS, Integer.MAX_VALUE);
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

        /**
         * The sweep over series {@code s}, whose samples are {@code delta} apart from {@code base}
         * on: sample {@code j} is at {@code base + j·delta}, so the samples up to a time are
         * counted, not searched. A window's edges move by the same step each time, so each count
         * moves by the step's quotient by {@code delta}, one more when the remainders carry over.
         * While the unclamped counts stay in {@code [0, n]}, no gap at a window's edges is as long
         * as an interval (only windows where the series begins or ends have one), so the whole
         * window is extrapolated over (the samples' span and both gaps make {@code w}): its answer
         * is its increase times a factor that depends on its sample count alone — unless a counter
         * would reach zero inside the gap before its first sample.
         */
        private void evenSeries(int s, long base, long delta, int first, int last, boolean corrected) {
            double[] v = values;
            double[] d = drops;
            double[] factor = factors(delta);
            long n = last - first;
            long step = grid.step();
            long stepQuotient = step / delta;
            long stepRemainder = step % delta;
            long endRel = grid.start() - base;
            // samples at or before base + x: floorDiv(x, delta) + 1, in [0, n] once clamped
            long loRaw = Math.floorDiv(endRel - w, delta) + 1;
            long beginRemainder = Math.floorMod(endRel - w, delta);
            long hiRaw = Math.floorDiv(endRel, delta) + 1;
            long endRemainder = Math.floorMod(endRel, delta);
            int steps = grid.size();
            for (int i = 0; i < steps; i++) {
                long count = hiRaw - loRaw;
                if (loRaw >= 0 && hiRaw <= n && count >= 2 && count < factor.length) {
                    int lo = first + (int) loRaw;
                    int hi = first + (int) hiRaw;
                    double firstValue = v[lo];
                    double result = v[hi - 1] - firstValue;
                    if (corrected) {
                        result += d[hi - 1] - d[lo];
                    }
                    // the zero point of a counter lies further back than an interval before its first sample, by a
                    // margin
                    if (!counter || firstValue * (count - 1) > result * ZERO_MARGIN) {
                        emit(s, i, result * factor[(int) count]);
                    } else {
                        emit(
                                s,
                                i,
                                extrapolate(
                                        count,
                                        loRaw * delta,
                                        firstValue,
                                        (hiRaw - 1) * delta,
                                        result,
                                        endRel - w,
                                        endRel));
                    }
                } else {
                    edgeWindow(s, i, delta, first, n, loRaw, hiRaw, endRel, corrected);
                }
                endRel += step;
                loRaw += stepQuotient;
                beginRemainder += stepRemainder;
                long carry = beginRemainder >= delta ? 1 : 0;
                loRaw += carry;
                beginRemainder -= carry * delta;
                hiRaw += stepQuotient;
                endRemainder += stepRemainder;
                carry = endRemainder >= delta ? 1 : 0;
                hiRaw += carry;
                endRemainder -= carry * delta;
            }
        }

        /** A window of an evenly spaced series at its first or last samples (or with fewer than two). */
        private void edgeWindow(
                int s, int i, long delta, int first, long n, long loRaw, long hiRaw, long endRel, boolean corrected) {
            int lo = (int) Math.min(Math.max(loRaw, 0), n);
            int hi = (int) Math.min(Math.max(hiRaw, 0), n);
            int count = hi - lo;
            if (count < 2) {
                return;
            }
            double firstValue = values[first + lo];
            double result = values[first + hi - 1] - firstValue;
            if (corrected) {
                result += drops[first + hi - 1] - drops[first + lo];
            }
            emit(s, i, extrapolate(count, lo * delta, firstValue, (hi - 1) * delta, result, endRel - w, endRel));
        }

        /**
         * By sample count, what a window's increase is multiplied by when its samples are
         * {@code delta} apart and it is extrapolated over whole: {@code w} over the samples' span
         * (and over the window's seconds for {@code rate}); kept while the interval stays the same.
         */
        private double[] factors(long delta) {
            if (delta != factorsDelta) {
                long most = Math.min(w / delta + 2, 1 << 16);
                factorTable = new double[(int) most];
                for (int count = 2; count < most; count++) {
                    double sampled = (count - 1) * delta;
                    factorTable[count] = w / (rate ? sampled * rangeSeconds : sampled);
                }
                factorsDelta = delta;
            }
            return factorTable;
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
                return;
            }
            double[] sum = groupSum;
            double[] comp = groupComp;
            long[] has = groupSeen;
            if ((has[i >>> 6] & (1L << i)) == 0) {
                has[i >>> 6] |= 1L << i;
                sum[i] = v;
                comp[i] = 0;
            } else {
                double before = sum[i];
                double t = before + v;
                comp[i] = Kahan.compensate(v, before, t, comp[i]);
                sum[i] = t;
            }
        }

        /** Series {@code s}'s answers go to its group's sums from now on. */
        private void toGroupOf(int s) {
            if (sums != null) {
                int g = sums.groupOf[s];
                groupSum = sums.sums[g];
                groupComp = sums.comps[g];
                groupSeen = sums.seen[g];
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
                emit(
                        s,
                        i,
                        !counter
                                ? state.delta(begin, end)
                                : rate ? state.rate(begin, end) : state.increase(begin, end));
            }
        }

        /**
         * Prometheus' extrapolation, with its two threshold tests and the counter's zero clamp
         * decided exactly in integer milliseconds (or, when too close to call, by
         * {@link CounterState#extrapolate} itself), and one division where no gap is extrapolated
         * by half an interval.
         */
        private double extrapolate(
                long count, long firstT, double firstValue, long lastT, double result, long begin, long end) {
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
        private double exactly(
                long count, long firstT, double firstValue, long lastT, double result, long begin, long end) {
            return CounterState.extrapolate(count, firstT, firstValue, lastT, result, begin, end, counter, rate);
        }
    }
}
