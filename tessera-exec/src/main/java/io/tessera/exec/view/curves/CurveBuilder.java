package io.tessera.exec.view.curves;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.op.Aggregations;
import io.tessera.exec.op.ScanOperator;
import io.tessera.exec.value.CompensatedSum;
import io.tessera.exec.value.SeriesRows;
import io.tessera.plan.CurveShape;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.sketch.CounterState;
import io.tessera.sketch.CurveState;
import io.tessera.sketch.State;
import io.tessera.spi.DataStore;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ingestion run of a curve view ({@link CurveShape}) for the panes ending at
 * {@code firstEnd, firstEnd + pane, … lastEnd}: the raw samples of {@code (firstStart − w,
 * lastEnd]} read once; each series' value over {@code (t − w, t]} cut into pieces over which it is
 * constant or linear in {@code t}, each piece's value at its start computed as the engine computes
 * a window ({@link CounterState#extrapolate}); the pieces of a group's series summed, per pane,
 * into one {@link CurveState} (compensated sums of the pieces' levels and slopes, and a count of
 * series present, so a group with no series keeps no value).
 */
public final class CurveBuilder {

    /**
     * Milliseconds on either side of a computed regime change (an edge gap crossing 1.1 average
     * intervals, a counter's zero point crossing the window's start) that each get a piece of their
     * own, valued exactly: the change is decided where the engine decides it, in doubles.
     */
    private static final int BAND_MS = 2;
    /** Panes up to about 17 minutes sort their events by counting; wider ones by comparison. */
    private static final int MAX_BUCKETS = 1 << 20;

    private final CurveShape shape;
    private final long pane;
    private final long first;
    private final long last;
    private final int panes;
    private final long windowMs;
    private final Map<Labels, Integer> groupIds = new LinkedHashMap<>();
    private final List<Labels> groupLabels = new ArrayList<>();
    /** Each group's events of the pane being built, reused pane after pane. */
    private final List<Events> events = new ArrayList<>();

    private final List<String[]> unusable = new ArrayList<>();
    /** Scratch space of {@link Events#curve}, grown to the most events of any group and pane. */
    private final Scratch scratch = new Scratch();
    /** A window's cut points: its ends and the bands of its three regime changes. */
    private final long[] cuts = new long[3 * (2 * BAND_MS + 2) + 2];

    private CurveBuilder(CurveShape shape, long pane, long firstEnd, long lastEnd) {
        this.shape = shape;
        this.pane = pane;
        this.first = firstEnd - pane;
        this.last = lastEnd;
        this.panes = (int) ((lastEnd - firstEnd) / pane) + 1;
        this.windowMs = shape.windowMs();
    }

    /** One map of curves per group for each pane, in pane order. */
    public static List<Map<Labels, State>> build(
            PhysicalDag dag, MaterializedView view, long firstEnd, long lastEnd, DataStore store, RunContext context) {
        CurveShape shape = CurveShape.of(dag, view.state().input());
        if (shape == null) {
            throw new IllegalArgumentException("view " + view.definitionId() + " keeps node "
                    + view.state().input() + ", which is not a sum of rate, increase or delta over a selector");
        }
        if ((lastEnd - firstEnd) % view.paneMs() != 0 || lastEnd < firstEnd) {
            throw new IllegalArgumentException(
                    "pane ends " + firstEnd + " to " + lastEnd + " are not a run of " + view.paneMs() + " ms panes");
        }
        CurveBuilder b = new CurveBuilder(shape, view.paneMs(), firstEnd, lastEnd);
        Scan scan = (Scan) dag.node(shape.scan());
        SeriesRows rows = ScanOperator.read(store, scan, new Interval(b.first - b.windowMs, lastEnd), context);
        return b.buildAll(rows, context);
    }

    /** A series' samples a run walks pane after pane, and where its window stood at the end of the last pane walked. */
    private static final class Walk {
        final long[] ts;
        final double[] vs;
        final double[] drops;
        final int samples;
        final int group;
        /** The window's first and last sample at the time reached. */
        int firstInWindow;

        int lastInWindow;

        Walk(long[] ts, double[] vs, double[] drops, int samples, int group) {
            this.ts = ts;
            this.vs = vs;
            this.drops = drops;
            this.samples = samples;
            this.group = group;
        }
    }

    private List<Map<Labels, State>> buildAll(SeriesRows rows, RunContext context) {
        List<Walk> walks = new ArrayList<>(rows.size());
        Map<Labels, Labels> nameless = new HashMap<>();
        for (int s = 0; s < rows.size(); s++) {
            Labels labels = rows.labels(s);
            Labels out = labels.withoutMetricName();
            int group = groupOf(Aggregations.groupLabels(out, shape.grouping(), shape.without()));
            Labels before = nameless.putIfAbsent(out, labels);
            if (before != null) {
                markAll(group, "two series differ only in their metric name");
                markAll(
                        groupOf(Aggregations.groupLabels(
                                before.withoutMetricName(), shape.grouping(), shape.without())),
                        "two series differ only in their metric name");
                continue;
            }
            long[] rowTs = rows.tsArray(s);
            double[] rowVs = rows.valuesArray(s);
            long[] ts = new long[rows.count(s)];
            double[] vs = new double[rows.count(s)];
            int n = 0;
            boolean finite = true;
            for (int i = rows.first(s), end = i + rows.count(s); i < end; i++) {
                double v = rowVs[i];
                if (StaleMarker.isStale(v)) {
                    continue;
                }
                finite &= Double.isFinite(v);
                ts[n] = rowTs[i];
                vs[n++] = v;
            }
            if (!finite) {
                markAll(group, "a value that is not finite");
                continue;
            }
            Walk walk = new Walk(ts, vs, shape.counter() ? dropSums(vs, n) : null, n, group);
            walk.firstInWindow = firstAfter(ts, n, first + 1 - windowMs);
            walk.lastInWindow = firstAfter(ts, n, first + 1) - 1;
            walks.add(walk);
        }
        List<Map<Labels, State>> out = new ArrayList<>(panes);
        for (int k = 0; k < panes; k++) {
            for (int i = 0; i < walks.size(); i++) {
                series(walks.get(i), k);
                if ((i & 255) == 0) {
                    context.checkAlive();
                }
            }
            out.add(curves(k));
        }
        return out;
    }

    private int groupOf(Labels labels) {
        Integer id = groupIds.get(labels);
        if (id == null) {
            id = groupLabels.size();
            groupIds.put(labels, id);
            groupLabels.add(labels);
            events.add(new Events());
            unusable.add(new String[panes]);
        }
        return id;
    }

    private void markAll(int group, String reason) {
        Arrays.fill(unusable.get(group), reason);
    }

    /** Walks the times of pane {@code k}, piece by piece, from where the walk of pane {@code k - 1} ended. */
    private void series(Walk walk, int k) {
        long[] ts = walk.ts;
        double[] vs = walk.vs;
        double[] drops = walk.drops;
        int n = walk.samples;
        int group = walk.group;
        long t = first + k * pane + 1;
        long end = first + (k + 1) * pane;
        int f = walk.firstInWindow;
        int l = walk.lastInWindow;
        while (t <= end) {
            long next = end + 1;
            if (l + 1 < n) {
                next = Math.min(next, ts[l + 1]);
            }
            if (f <= l) {
                next = Math.min(next, ts[f] + windowMs);
            }
            if (l - f >= 1) {
                window(ts, vs, drops, f, l, t, next, group);
            }
            t = next;
            while (f < n && ts[f] <= t - windowMs) {
                f++;
            }
            while (l + 1 < n && ts[l + 1] <= t) {
                l++;
            }
        }
        walk.firstInWindow = f;
        walk.lastInWindow = l;
    }

    /** The first index of strictly ascending {@code ts[0, n)} whose time is after {@code t}, or {@code n}. */
    private static int firstAfter(long[] ts, int n, long t) {
        int at = Arrays.binarySearch(ts, 0, n, t);
        return at >= 0 ? at + 1 : -at - 1;
    }

    /** The sums of the values before each drop, up to each sample. */
    private static double[] dropSums(double[] vs, int n) {
        double[] d = new double[n];
        for (int i = 1; i < n; i++) {
            d[i] = vs[i] < vs[i - 1] ? d[i - 1] + vs[i - 1] : d[i - 1];
        }
        return d;
    }

    /** The pieces of {@code [from, to)}, over which the window holds samples {@code f..l}. */
    private void window(long[] ts, double[] vs, double[] drops, int f, int l, long from, long to, int group) {
        int m = l - f;
        long firstT = ts[f];
        long lastT = ts[l];
        double firstV = vs[f];
        double result = vs[l] - firstV;
        if (drops != null && drops[l] != drops[f]) {
            result += drops[l] - drops[f];
        }
        double threshold = 1.1 * (lastT - firstT) / m;
        double startFlip = (double) (firstT + windowMs - from) - threshold;
        double endFlip = (double) (lastT - from) + threshold;
        boolean clamps = shape.counter() && result > 0 && firstV >= 0;
        double zeroFlip =
                clamps ? (double) (firstT + windowMs - from) - (lastT - firstT) * (firstV / result) : Double.NaN;
        long count = m + 1;
        double span = to - from;
        if (outside(startFlip, span) && outside(endFlip, span) && (!clamps || outside(zeroFlip, span))) {
            // no regime changes in the window's time: one piece (the usual case, a scraper on schedule)
            double value = CounterState.extrapolate(
                    count, firstT, firstV, lastT, result, from - windowMs, from, shape.extrapolation());
            piece(group, from, to, value, to - from == 1 ? 0 : slopeAt(from, firstT, firstV, lastT, m, result));
            return;
        }
        long[] cuts = this.cuts;
        int c = 0;
        cuts[c++] = from;
        c = band(cuts, c, startFlip, from, to);
        c = band(cuts, c, endFlip, from, to);
        if (clamps) {
            c = band(cuts, c, zeroFlip, from, to);
        }
        cuts[c++] = to;
        Arrays.sort(cuts, 0, c);
        for (int k = 0; k + 1 < c; k++) {
            long x = cuts[k];
            long y = cuts[k + 1];
            if (y <= x) {
                continue;
            }
            double value = CounterState.extrapolate(
                    count, firstT, firstV, lastT, result, x - windowMs, x, shape.extrapolation());
            double slope = y - x == 1 ? 0 : slopeAt(x, firstT, firstV, lastT, m, result);
            piece(group, x, y, value, slope);
        }
    }

    /** Whether a regime change {@code offset} ms after a stretch's start is clear of the stretch's {@code span} ms and its bands. */
    private static boolean outside(double offset, double span) {
        return !(offset > -BAND_MS - 1) || !(offset < span + BAND_MS + 1);
    }

    /** Adds to {@code cuts} the milliseconds around {@code from + offset}, those inside {@code (from, to)}. */
    private static int band(long[] cuts, int c, double offset, long from, long to) {
        if (outside(offset, to - from)) {
            return c;
        }
        long at = from + (long) Math.floor(offset);
        for (long x = at - BAND_MS; x <= at + BAND_MS + 1; x++) {
            if (x > from && x < to) {
                cuts[c++] = x;
            }
        }
        return c;
    }

    /**
     * The value's change per millisecond at {@code x}, from the regime the engine's arithmetic is
     * in there: a gap extrapolated over whole moves with {@code t} (the start's shrinks, the end's
     * grows), half an interval or a counter's zero point does not.
     */
    private double slopeAt(long x, long firstT, double firstV, long lastT, int m, double result) {
        double toStart = (firstT - (x - windowMs)) / 1000.0;
        double toEnd = (x - lastT) / 1000.0;
        double sampled = (lastT - firstT) / 1000.0;
        double average = sampled / m;
        double threshold = average * 1.1;
        boolean startMoves = !(toStart >= threshold);
        if (shape.counter() && result > 0 && firstV >= 0) {
            double toZero = sampled * (firstV / result);
            if (toZero < (startMoves ? toStart : average / 2)) {
                startMoves = false;
            }
        }
        boolean endMoves = !(toEnd >= threshold);
        if (startMoves == endMoves) {
            return 0;
        }
        double perMs = result / sampled / 1000.0;
        if (shape.rate()) {
            perMs /= windowMs / 1000.0;
        }
        return endMoves ? perMs : -perMs;
    }

    /** One series' piece {@code [x, y)} inside one pane: its value at {@code x} and slope. */
    private void piece(int group, long x, long y, double value, double slope) {
        int k = (int) ((x - first - 1) / pane);
        long start = first + k * pane;
        Events e = events.get(group);
        int at = (int) (x - start);
        double level = slope == 0 ? value : value - slope * at;
        e.add(at, level, slope, 1);
        if (y <= start + pane) {
            e.add((int) (y - start), -level, -slope, -1);
        }
    }

    /** Each group's curve of pane {@code k} from its events, which are then cleared for the next pane. */
    private Map<Labels, State> curves(int k) {
        long start = first + k * pane;
        Map<Labels, State> states = new LinkedHashMap<>();
        for (int g = 0; g < groupLabels.size(); g++) {
            Events e = events.get(g);
            String reason = unusable.get(g)[k];
            if (reason != null) {
                states.put(groupLabels.get(g), CurveState.unusable(start, start + pane, reason));
            } else if (e.size > 0) {
                CurveState curve = e.curve(start, start + pane, scratch);
                if (!curve.isEmpty()) {
                    states.put(groupLabels.get(g), curve);
                }
            }
            e.size = 0;
        }
        return states;
    }

    /** The arrays {@link Events#curve} works in, kept between panes and groups. */
    private static final class Scratch {
        int[] buckets = new int[0];
        int[] order = new int[0];
        int[] offsets = new int[0];
        double[] levels = new double[0];
        double[] slopes = new double[0];
        int[] counts = new int[0];

        void ensure(int events, int width) {
            if (order.length < events) {
                int n = Math.max(events, order.length * 3 / 2);
                order = new int[n];
                offsets = new int[n];
                levels = new double[n];
                slopes = new double[n];
                counts = new int[n];
            }
            if (buckets.length < width + 3 && width + 3 <= MAX_BUCKETS) {
                buckets = new int[width + 3];
            }
        }
    }

    /** The pieces' starts and ends of one group in one pane: offset, level and slope added, series present added. */
    private static final class Events {
        int size;
        int[] at = new int[64];
        double[] level = new double[64];
        double[] slope = new double[64];
        byte[] present = new byte[64];

        void add(int offset, double l, double s, int p) {
            if (size == at.length) {
                int grown = size * 2;
                at = Arrays.copyOf(at, grown);
                level = Arrays.copyOf(level, grown);
                slope = Arrays.copyOf(slope, grown);
                present = Arrays.copyOf(present, grown);
            }
            at[size] = offset;
            level[size] = l;
            slope[size] = s;
            present[size++] = (byte) p;
        }

        /** The sums after each time that has events, where they changed. */
        CurveState curve(long start, long end, Scratch scratch) {
            int width = (int) (end - start);
            scratch.ensure(size, width);
            int[] buckets = scratch.buckets;
            int[] order = scratch.order;
            if (width + 3 <= buckets.length) {
                // offsets lie in [1, width + 1]: a counting sort, stable, so events of one time are added in the order
                // they came
                Arrays.fill(buckets, 0, width + 3, 0);
                for (int i = 0; i < size; i++) {
                    buckets[at[i] + 1]++;
                }
                for (int k = 1; k <= width + 2; k++) {
                    buckets[k] += buckets[k - 1];
                }
                for (int i = 0; i < size; i++) {
                    order[buckets[at[i]]++] = i;
                }
            } else {
                long[] keyed = new long[size];
                for (int i = 0; i < size; i++) {
                    keyed[i] = (long) at[i] << 32 | i;
                }
                Arrays.sort(keyed);
                for (int i = 0; i < size; i++) {
                    order[i] = (int) keyed[i];
                }
            }
            int[] offsets = scratch.offsets;
            double[] levels = scratch.levels;
            double[] slopes = scratch.slopes;
            int[] counts = scratch.counts;
            int out = 0;
            CompensatedSum levelSum = new CompensatedSum();
            CompensatedSum slopeSum = new CompensatedSum();
            int series = 0;
            for (int i = 0; i < size; ) {
                int offset = at[order[i]];
                for (; i < size && at[order[i]] == offset; i++) {
                    int j = order[i];
                    levelSum.add(level[j]);
                    slopeSum.add(slope[j]);
                    series += present[j];
                }
                double lv;
                double sl;
                if (series == 0) {
                    levelSum.reset();
                    slopeSum.reset();
                    lv = 0;
                    sl = 0;
                } else {
                    sl = slopeSum.value();
                    lv = sl == 0 ? levelSum.value() : levelSum.value() + sl * offset;
                }
                if (out > 0
                        && counts[out - 1] == series
                        && levels[out - 1] == lv
                        && slopes[out - 1] == sl
                        && (sl == 0 || series == 0)) {
                    continue;
                }
                if (out == 0 && series == 0) {
                    continue;
                }
                offsets[out] = offset;
                levels[out] = lv;
                slopes[out] = sl;
                counts[out++] = series;
            }
            return new CurveState(start, end, offsets, levels, slopes, counts, out);
        }
    }
}
