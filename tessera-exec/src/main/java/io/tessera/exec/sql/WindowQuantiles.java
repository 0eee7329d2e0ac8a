package io.tessera.exec.sql;

import io.tessera.sketch.ErrorBound;
import io.tessera.sketch.KllState;

/**
 * The quantiles of one group over one window: its panes' part, either every value (sorted) or a
 * merged KLL sketch's sorted view, and the exact values of the window's raw head and tail
 * (sorted). Exact parts give the continuous quantile interpolated as {@link ExactQuantiles};
 * with a sketch part the quantile is the first value whose cumulative weight reaches
 * {@code ceil(q·n)}, as the sketch itself answers, and the raw values add no rank error: the
 * absolute rank error is the sketch's over its own count, so the normalized bound still holds.
 */
final class WindowQuantiles {

    private static final double[] NONE = new double[0];

    private final double[] exact;
    private final KllState.Sorted sketch;
    private final ErrorBound bound;
    private final double[] edges;
    private final int edgeCount;

    private WindowQuantiles(double[] exact, KllState.Sorted sketch, ErrorBound bound, double[] edges, int edgeCount) {
        this.exact = exact;
        this.sketch = sketch;
        this.bound = bound;
        this.edges = edges;
        this.edgeCount = edgeCount;
    }

    /** Panes summarized as every value, sorted (possibly none). */
    static WindowQuantiles exact(double[] sortedPanes, double[] sortedEdges, int edgeCount) {
        return new WindowQuantiles(sortedPanes == null ? NONE : sortedPanes, null, ErrorBound.EXACT,
                sortedEdges == null ? NONE : sortedEdges, edgeCount);
    }

    /** Panes summarized by a merged sketch. */
    static WindowQuantiles sketched(KllState.Sorted panes, ErrorBound bound, double[] sortedEdges, int edgeCount) {
        return new WindowQuantiles(null, panes, bound, sortedEdges == null ? NONE : sortedEdges, edgeCount);
    }

    boolean isExact() {
        return sketch == null;
    }

    ErrorBound bound() {
        return bound;
    }

    long count() {
        long panes = sketch == null ? exact.length : sketch.values().length == 0 ? 0
                : sketch.cumulativeWeights()[sketch.cumulativeWeights().length - 1];
        return panes + edgeCount;
    }

    /** The q-quantile (0 &lt;= q &lt;= 1); null when the group has no value. */
    Double quantile(double q) {
        long n = count();
        if (n == 0) {
            return null;
        }
        if (sketch == null) {
            double position = q * (n - 1);
            int lo = (int) Math.floor(position);
            int hi = (int) Math.ceil(position);
            double low = kth(exact, exact.length, edges, edgeCount, lo);
            if (lo == hi) {
                return low;
            }
            double high = kth(exact, exact.length, edges, edgeCount, hi);
            return low + (high - low) * (position - lo);
        }
        return weighted(q, n);
    }

    private double weighted(double q, long n) {
        double[] v = sketch.values();
        long[] w = sketch.cumulativeWeights();
        if (q <= 0) {
            return edgeCount == 0 ? sketch.min() : v.length == 0 ? edges[0] : Math.min(sketch.min(), edges[0]);
        }
        if (q >= 1) {
            return edgeCount == 0 ? sketch.max() : v.length == 0 ? edges[edgeCount - 1] : Math.max(sketch.max(), edges[edgeCount - 1]);
        }
        long target = Math.max(1, (long) Math.ceil(q * n));
        int i = 0;
        int j = 0;
        while (i < v.length || j < edgeCount) {
            if (j >= edgeCount || (i < v.length && v[i] <= edges[j])) {
                if (w[i] + j >= target) {
                    return v[i];
                }
                i++;
            } else {
                if ((i == 0 ? 0 : w[i - 1]) + j + 1 >= target) {
                    return edges[j];
                }
                j++;
            }
        }
        return weighted(1, n);
    }

    /** The k-th smallest (from 0) of the union of sorted {@code a[0..na)} and {@code b[0..nb)}. */
    static double kth(double[] a, int na, double[] b, int nb, int k) {
        int lo = Math.max(0, k + 1 - nb);
        int hi = Math.min(k + 1, na);
        while (lo < hi) {
            int i = (lo + hi) >>> 1;
            if (a[i] < b[k - i]) {
                lo = i + 1;
            } else {
                hi = i;
            }
        }
        int j = k + 1 - lo;
        if (lo == 0) {
            return b[j - 1];
        }
        if (j == 0) {
            return a[lo - 1];
        }
        return Math.max(a[lo - 1], b[j - 1]);
    }
}
