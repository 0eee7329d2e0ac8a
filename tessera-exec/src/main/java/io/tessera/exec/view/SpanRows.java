package io.tessera.exec.view;

import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.exec.DataStore;
import io.tessera.exec.RunContext;
import io.tessera.exec.SeriesDataStore;
import io.tessera.exec.op.ScanOperator;
import io.tessera.exec.value.SeriesRows;
import io.tessera.plan.Scan;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The raw samples of a Scan in a few disjoint spans, read with one store call: one row per
 * series holding its samples of every span together, in time order (so a span's samples are
 * found by binary search), series in the order the store gives them. Samples outside the spans
 * and series the Scan's matchers reject are dropped here, whatever the store sent.
 */
final class SpanRows {

    private Labels[] labels = new Labels[64];
    private long[][] ts = new long[64][];
    private double[][] vs = new double[64][];
    private int[] counts = new int[64];
    private int size;

    private SpanRows() {
    }

    /** @param spans ascending and disjoint */
    static SeriesRows read(DataStore store, Scan scan, List<Interval> spans, RunContext context) {
        return read(store, scan, spans, context, new Labels[0]);
    }

    /**
     * @param accepted label sets an earlier read of the same Scan accepted, in the order the store
     *     gave them: a series handed with one of these very objects matches without being checked
     *     again (checking means loading each label set from wherever it lies in memory)
     */
    static SeriesRows read(DataStore store, Scan scan, List<Interval> spans, RunContext context, Labels[] accepted) {
        SpanRows rows = new SpanRows();
        if (spans.isEmpty()) {
            return rows.build();
        }
        long[] bounds = new long[2 * spans.size()];
        for (int i = 0; i < spans.size(); i++) {
            bounds[2 * i] = spans.get(i).start();
            bounds[2 * i + 1] = spans.get(i).end();
        }
        LabelMatcher[] matchers = scan.matchers().toArray(new LabelMatcher[0]);
        if (store instanceof SeriesDataStore series) {
            ReferenceCursor known = new ReferenceCursor(accepted);
            series.readRawSpans(scan.source(), scan.matchers(), spans, context, (l, t, v, n) -> {
                context.checkAlive();
                if (known.indexOf(l) >= 0 || matches(matchers, l)) {
                    rows.add(l, t, v, n, bounds, context);
                }
            });
            return rows.build();
        }
        // a store without per-series reads: one Scan read per span, joined by series
        Map<Labels, Integer> index = new HashMap<>();
        for (Interval span : spans) {
            SeriesRows r = ScanOperator.read(store, scan, span, context);
            for (int s = 0; s < r.size(); s++) {
                Integer at = index.get(r.labels(s));
                if (at == null) {
                    int before = rows.size;
                    rows.add(r.labels(s), r.ts(s), r.values(s), r.count(s), bounds, context);
                    if (rows.size > before) {
                        index.put(r.labels(s), before);
                    }
                } else {
                    rows.append(at, r.ts(s), r.values(s), r.count(s), bounds);
                }
            }
        }
        return rows.build();
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

    /** How many of the ascending times {@code t[0, n)} lie in the spans: one walk over both. */
    private static int countInSpans(long[] t, int n, long[] bounds) {
        int kept = 0;
        int k = 0;
        for (int i = 0; i < n; i++) {
            if (i > 0 && t[i] <= t[i - 1]) {
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

    private void add(Labels l, long[] t, double[] v, int n, long[] bounds, RunContext context) {
        int kept = countInSpans(t, n, bounds);
        if (kept == 0) {
            return;
        }
        if (kept < n) {
            long[] t2 = new long[kept];
            double[] v2 = new double[kept];
            int k = 0;
            for (int i = 0; i < n; i++) {
                if (inSpans(t[i], bounds)) {
                    t2[k] = t[i];
                    v2[k++] = v[i];
                }
            }
            t = t2;
            v = v2;
        }
        if (size == labels.length) {
            int m = 2 * size;
            labels = Arrays.copyOf(labels, m);
            ts = Arrays.copyOf(ts, m);
            vs = Arrays.copyOf(vs, m);
            counts = Arrays.copyOf(counts, m);
        }
        labels[size] = l;
        ts[size] = t;
        vs[size] = v;
        counts[size++] = kept;
        context.addSamples(kept);
    }

    /** Appends a later span's samples to row {@code at} (spans are read in ascending order). */
    private void append(int at, long[] t, double[] v, int n, long[] bounds) {
        int k = counts[at];
        long[] t2 = Arrays.copyOf(ts[at], k + n);
        double[] v2 = Arrays.copyOf(vs[at], k + n);
        for (int i = 0; i < n; i++) {
            if (inSpans(t[i], bounds) && (k == 0 || t[i] > t2[k - 1])) {
                t2[k] = t[i];
                v2[k++] = v[i];
            }
        }
        ts[at] = t2;
        vs[at] = v2;
        counts[at] = k;
    }

    private SeriesRows build() {
        return new SeriesRows(labels, ts, vs, counts, size);
    }
}
