package io.tessera.exec.view;

import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.SeriesRows;
import io.tessera.plan.Scan;
import io.tessera.spi.DataStore;
import java.util.Arrays;
import java.util.List;

/**
 * The raw samples of a Scan in a few disjoint spans, read with one store call: one row per
 * series holding its samples of every span together, in time order (so a span's samples are
 * found by binary search), series in the order the store gives them, all rows in one pair of
 * arrays ({@link SeriesRows#flat}). Samples outside the spans and series the Scan's matchers
 * reject are dropped here, whatever the store sent. While the store hands every series as a
 * range of the same two arrays, all of it in the spans, the rows are those ranges, not copies.
 */
public final class SpanRows {

    private Labels[] labels;
    private int[] starts;
    private int[] counts;
    private int size;
    private long[] ts;
    private double[] vs;
    /** The store's arrays the rows so far are ranges of; null once the rows are copied into {@link #ts} and {@link #vs}. */
    private long[] sharedTs;

    private double[] sharedVs;
    private boolean copying;
    private int samples;
    /** Samples not yet counted against the query's limit, and series since the last liveness check. */
    private int uncounted;

    private int unchecked;
    /** The run's limits are checked every this many series and samples, not per series (each check costs a clock read or an atomic add). */
    private static final int CHECK_EVERY = 256;

    private static final int COUNT_EVERY = 4096;

    private SpanRows(int series) {
        labels = new Labels[series];
        starts = new int[series];
        counts = new int[series];
    }

    /** @param spans ascending and disjoint */
    public static SeriesRows read(DataStore store, Scan scan, List<Interval> spans, RunContext context) {
        return read(store, scan, spans, context, new Labels[0]);
    }

    /**
     * @param accepted label sets an earlier read of the same Scan accepted, in the order the store
     *     gave them: a series handed with one of these very objects matches without being checked
     *     again (checking means loading each label set from wherever it lies in memory)
     */
    public static SeriesRows read(
            DataStore store, Scan scan, List<Interval> spans, RunContext context, Labels[] accepted) {
        // about as many series as an earlier read accepted
        SpanRows rows = new SpanRows(Math.max(64, accepted.length));
        if (spans.isEmpty()) {
            return rows.build(context);
        }
        long[] bounds = new long[2 * spans.size()];
        for (int i = 0; i < spans.size(); i++) {
            bounds[2 * i] = spans.get(i).start();
            bounds[2 * i + 1] = spans.get(i).end();
        }
        LabelMatcher[] matchers = scan.matchers().toArray(new LabelMatcher[0]);
        ReferenceCursor known = new ReferenceCursor(accepted);
        store.readRawSpans(scan.source(), scan.matchers(), spans, context, new DataStore.SeriesSink() {
            @Override
            public void series(Labels l, long[] t, double[] v, int n) {
                accept(l, t, v, 0, n, false);
            }

            @Override
            public void seriesRange(Labels l, long[] t, double[] v, int from, int n) {
                accept(l, t, v, from, n, true);
            }

            private void accept(Labels l, long[] t, double[] v, int from, int n, boolean shared) {
                if (++rows.unchecked == CHECK_EVERY) {
                    rows.unchecked = 0;
                    context.checkAlive();
                }
                if (known.indexOf(l) >= 0 || matches(matchers, l)) {
                    rows.add(l, t, v, from, n, bounds, context, shared);
                }
            }
        });
        return rows.build(context);
    }

    private static boolean matches(LabelMatcher[] matchers, Labels labels) {
        for (LabelMatcher m : matchers) {
            if (!m.matches(labels)) {
                return false;
            }
        }
        return true;
    }

    /** Whether {@code t} lies in one of the spans {@code (bounds[2k], bounds[2k + 1]]}. */
    private static boolean inSpans(long t, long[] bounds) {
        for (int k = 0; k < bounds.length; k += 2) {
            if (t > bounds[k] && t <= bounds[k + 1]) {
                return true;
            }
        }
        return false;
    }

    /** How many of the ascending times {@code t[from, to)} lie in the spans: one walk over both. */
    private static int countInSpans(long[] t, int from, int to, long[] bounds) {
        int kept = 0;
        int k = 0;
        for (int i = from; i < to; i++) {
            if (i > from && t[i] <= t[i - 1]) {
                throw new InvalidInputException("the store returned samples out of time order at " + t[i]);
            }
            while (k < bounds.length && t[i] > bounds[k + 1]) {
                k += 2;
            }
            if (k == bounds.length) {
                break;
            }
            if (t[i] > bounds[k]) {
                kept++;
            }
        }
        return kept;
    }

    /** @param shared whether {@code t} and {@code v} may be kept as they are: the store hands them and never writes them again */
    private void add(
            Labels l, long[] t, double[] v, int from, int n, long[] bounds, RunContext context, boolean shared) {
        int to = from + n;
        int kept = countInSpans(t, from, to, bounds);
        if (kept == 0) {
            return;
        }
        if (!copying && shared && kept == n && (sharedTs == null ? samples == 0 : sharedTs == t && sharedVs == v)) {
            sharedTs = t;
            sharedVs = v;
            addRow(l, from, kept, context);
            return;
        }
        if (!copying) {
            copyShared(t.length);
        }
        if (samples + kept > ts.length) {
            // a store handing ranges of shared arrays hands about that many samples in all
            int m = Math.max(Math.max(2 * ts.length, samples + kept), size == 0 ? t.length : 0);
            ts = Arrays.copyOf(ts, m);
            vs = Arrays.copyOf(vs, m);
        }
        if (kept == n) {
            System.arraycopy(t, from, ts, samples, n);
            System.arraycopy(v, from, vs, samples, n);
        } else {
            int k = samples;
            for (int i = from; i < to; i++) {
                if (inSpans(t[i], bounds)) {
                    ts[k] = t[i];
                    vs[k++] = v[i];
                }
            }
        }
        addRow(l, samples, kept, context);
    }

    /** Copies the rows so far out of the store's arrays, and every row from now on. */
    private void copyShared(int expected) {
        copying = true;
        int capacity = Math.max(256, Math.max(samples, expected));
        ts = new long[capacity];
        vs = new double[capacity];
        int at = 0;
        for (int s = 0; s < size; s++) {
            System.arraycopy(sharedTs, starts[s], ts, at, counts[s]);
            System.arraycopy(sharedVs, starts[s], vs, at, counts[s]);
            starts[s] = at;
            at += counts[s];
        }
        sharedTs = null;
        sharedVs = null;
    }

    private void addRow(Labels l, int start, int kept, RunContext context) {
        if (size == labels.length) {
            int m = 2 * size;
            labels = Arrays.copyOf(labels, m);
            starts = Arrays.copyOf(starts, m);
            counts = Arrays.copyOf(counts, m);
        }
        labels[size] = l;
        starts[size] = start;
        counts[size++] = kept;
        samples += kept;
        uncounted += kept;
        if (uncounted >= COUNT_EVERY) {
            context.addSamples(uncounted);
            uncounted = 0;
        }
    }

    private SeriesRows build(RunContext context) {
        context.addSamples(uncounted);
        uncounted = 0;
        context.checkAlive();
        if (!copying) {
            return sharedTs != null
                    ? SeriesRows.flat(labels, sharedTs, sharedVs, starts, counts, size)
                    : SeriesRows.flat(labels, new long[0], new double[0], starts, counts, size);
        }
        return SeriesRows.flat(labels, ts, vs, starts, counts, size);
    }
}
