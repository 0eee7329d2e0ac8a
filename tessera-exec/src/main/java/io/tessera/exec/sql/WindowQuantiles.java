package io.tessera.exec.sql;

import io.tessera.exec.function.Quantiles;
import io.tessera.sketch.ErrorBound;
import io.tessera.sketch.KllState;
import java.util.Arrays;

/**
 * The quantiles of one group over one window: its panes' part, either every value (sorted) or a
 * merged KLL sketch's sorted view, and the exact values of the window's raw head and tail, in
 * any order. Exact parts give the continuous quantile interpolated as {@link ExactQuantiles};
 * with a sketch part the quantile is the first value whose cumulative weight reaches
 * {@code ceil(q·n)}, as the sketch itself answers, and the raw values add no rank error: the
 * absolute rank error is the sketch's over its own count, so the normalized bound still holds.
 *
 * <p>The edge values are never sorted whole. The sorted pane part bounds where the answer can be
 * (an answer of rank k lies between the pane values of ranks k − edges and k), so each quantile
 * counts the edge values below that span, sorts the few inside it, and merges those alone.
 */
final class WindowQuantiles {

    private static final double[] NONE = new double[0];

    private final double[] exact;
    private final KllState.Sorted sketch;
    private final ErrorBound bound;
    private final double[] edges;
    private final int edgeCount;
    private final double edgeMin;
    private final double edgeMax;
    private double[] sortedEdges;
    private double[] selection;
    /** Values of the sketch part's rows that lie outside the window (sorted), taken out of its ranks. */
    private double[] removed = NONE;

    private int removedCount;

    private WindowQuantiles(double[] exact, KllState.Sorted sketch, ErrorBound bound, double[] edges, int edgeCount) {
        this.exact = exact;
        this.sketch = sketch;
        this.bound = bound;
        this.edges = edges;
        this.edgeCount = edgeCount;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < edgeCount; i++) {
            min = Math.min(min, edges[i]);
            max = Math.max(max, edges[i]);
        }
        this.edgeMin = min;
        this.edgeMax = max;
    }

    /** Panes summarized as every value, sorted (possibly none); edge values {@code edges[0..edgeCount)} in any order. */
    static WindowQuantiles exact(double[] sortedPanes, double[] edges, int edgeCount) {
        return new WindowQuantiles(
                sortedPanes == null ? NONE : sortedPanes,
                null,
                ErrorBound.EXACT,
                edges == null ? NONE : edges,
                edgeCount);
    }

    /** Panes summarized by a merged sketch; edge values in any order. */
    static WindowQuantiles sketched(KllState.Sorted panes, ErrorBound bound, double[] edges, int edgeCount) {
        return new WindowQuantiles(null, panes, bound, edges == null ? NONE : edges, edgeCount);
    }

    /**
     * Panes summarized by a merged sketch that also counted {@code removed[0..removedCount)}, rows
     * known exactly to lie outside the window: their ranks are taken out. The sketch's absolute rank
     * error is unchanged, so the normalized bound grows by the sketch's count over the window's.
     */
    static WindowQuantiles sketchedWithout(
            KllState.Sorted panes,
            ErrorBound bound,
            double[] edges,
            int edgeCount,
            double[] removed,
            int removedCount) {
        WindowQuantiles w = new WindowQuantiles(null, panes, bound, edges == null ? NONE : edges, edgeCount);
        w.removed = Arrays.copyOf(removed, removedCount);
        Arrays.sort(w.removed);
        w.removedCount = removedCount;
        return w;
    }

    /** {@code sorted} without one occurrence of each of {@code values[0..n)} (each must be there). */
    static double[] without(double[] sorted, double[] values, int n) {
        double[] take = Arrays.copyOf(values, n);
        Arrays.sort(take);
        double[] out = new double[sorted.length - n];
        int j = 0;
        int o = 0;
        for (double v : sorted) {
            if (j < n && v == take[j]) {
                j++;
            } else if (o < out.length) {
                out[o++] = v;
            } else {
                throw new IllegalStateException("a value to take out is not in the pane part");
            }
        }
        if (j < n) {
            throw new IllegalStateException(n - j + " values to take out are not in the pane part");
        }
        return out;
    }

    boolean isExact() {
        return sketch == null;
    }

    ErrorBound bound() {
        long n = count();
        if (removedCount == 0 || n <= 0) {
            return bound;
        }
        return new ErrorBound(
                bound.kind(), bound.error() * Math.max(1.0, (double) paneCount() / n), bound.confidence());
    }

    long count() {
        return paneCount() + edgeCount - removedCount;
    }

    private long paneCount() {
        return sketch == null
                ? exact.length
                : sketch.values().length == 0 ? 0 : sketch.cumulativeWeights()[sketch.cumulativeWeights().length - 1];
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
            double low = kth(lo);
            if (lo == hi) {
                return low;
            }
            double high = kth(hi);
            return low + (high - low) * (position - lo);
        }
        return weighted(q, n);
    }

    /** The k-th smallest (from 0) of the exact pane values and the edge values. */
    private double kth(int k) {
        int na = exact.length;
        if (edgeCount == 0) {
            return exact[k];
        }
        if (na == 0) {
            return selected(k);
        }
        // the answer lies in [exact[k - edges], exact[k]]: edge values below that span only shift k
        double low = k - edgeCount >= 0 ? exact[k - edgeCount] : Double.NEGATIVE_INFINITY;
        double high = k < na ? exact[k] : Double.POSITIVE_INFINITY;
        double[] inside = new double[Math.min(edgeCount, 64)];
        int m = 0;
        int below = 0;
        for (int i = 0; i < edgeCount; i++) {
            double v = edges[i];
            if (v < low) {
                below++;
            } else if (v <= high) {
                if (m == inside.length) {
                    inside = Arrays.copyOf(inside, 2 * m);
                }
                inside[m++] = v;
            }
        }
        Arrays.sort(inside, 0, m);
        return kth(exact, na, inside, m, k - below);
    }

    /**
     * The k-th smallest edge value, by selection on a copy of the edges: each call partitions the
     * copy further, so the two neighbouring ranks an interpolation asks for cost one pass and a bit.
     */
    private double selected(int k) {
        if (sortedEdges != null) {
            return sortedEdges[k];
        }
        if (selection == null) {
            selection = Arrays.copyOf(edges, edgeCount);
        }
        Quantiles.select(selection, 0, edgeCount, k);
        return selection[k];
    }

    private double[] sortedEdges() {
        if (sortedEdges == null) {
            double[] s = Arrays.copyOf(edges, edgeCount);
            Arrays.sort(s);
            sortedEdges = s;
        }
        return sortedEdges;
    }

    private double weighted(double q, long n) {
        double[] v = sketch.values();
        long[] w = sketch.cumulativeWeights();
        if (q <= 0) {
            return edgeCount == 0 ? sketch.min() : v.length == 0 ? edgeMin : Math.min(sketch.min(), edgeMin);
        }
        if (q >= 1) {
            return edgeCount == 0 ? sketch.max() : v.length == 0 ? edgeMax : Math.max(sketch.max(), edgeMax);
        }
        long target = Math.max(1, (long) Math.ceil(q * n));
        if (removedCount > 0) {
            return walkWithout(target, n);
        }
        if (v.length == 0) {
            return sortedEdges()[(int) Math.min(target, edgeCount) - 1];
        }
        // Sketch items up to i0 (w[i0] + edges < target) cannot be the answer, nor can edge values
        // at or below v[i0]; the walk reaches v[i1] (w[i1] >= target) at the latest, so edge values
        // at or above it (visited after it) are never reached.
        int i0 = firstAtLeast(w, target - edgeCount) - 1;
        int i1 = firstAtLeast(w, target);
        double low = i0 >= 0 ? v[i0] : Double.NEGATIVE_INFINITY;
        double high = i1 < v.length ? v[i1] : Double.POSITIVE_INFINITY;
        double[] inside = new double[Math.min(edgeCount, 64)];
        int m = 0;
        int below = 0;
        for (int k = 0; k < edgeCount; k++) {
            double e = edges[k];
            if (e <= low) {
                below++;
            } else if (e < high) {
                if (m == inside.length) {
                    inside = Arrays.copyOf(inside, 2 * m);
                }
                inside[m++] = e;
            }
        }
        Arrays.sort(inside, 0, m);
        int i = i0 + 1;
        int j = 0;
        while (i < v.length || j < m) {
            if (j >= m || (i < v.length && v[i] <= inside[j])) {
                if (w[i] + below + j >= target) {
                    return v[i];
                }
                i++;
            } else {
                if ((i == 0 ? 0 : w[i - 1]) + below + j + 1 >= target) {
                    return inside[j];
                }
                j++;
            }
        }
        return weighted(1, n);
    }

    /**
     * The first value, walking the sketch's items, the sorted edges (+1 each) and the removed values
     * (−1 each) in order, at which the running count reaches {@code target}. Only buckets with rows
     * on their boundary take this path, and their edges are few.
     */
    private double walkWithout(long target, long n) {
        double[] v = sketch.values();
        long[] w = sketch.cumulativeWeights();
        double[] e = sortedEdges();
        long seen = 0;
        int i = 0;
        int j = 0;
        int r = 0;
        while (i < v.length || j < edgeCount) {
            double next = Math.min(
                    i < v.length ? v[i] : Double.POSITIVE_INFINITY, j < edgeCount ? e[j] : Double.POSITIVE_INFINITY);
            while (r < removedCount && removed[r] <= next) {
                seen--;
                r++;
            }
            if (j >= edgeCount || (i < v.length && v[i] <= e[j])) {
                seen += w[i] - (i == 0 ? 0 : w[i - 1]);
                if (seen >= target) {
                    return v[i];
                }
                i++;
            } else {
                seen++;
                if (seen >= target) {
                    return e[j];
                }
                j++;
            }
        }
        return weighted(1, n);
    }

    /** The first index whose cumulative weight is at least {@code target} ({@code w.length} when none). */
    private static int firstAtLeast(long[] w, long target) {
        int lo = 0;
        int hi = w.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (w[mid] < target) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
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
