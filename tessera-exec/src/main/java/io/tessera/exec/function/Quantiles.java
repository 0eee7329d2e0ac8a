package io.tessera.exec.function;

import java.util.Arrays;

/** Prometheus' quantile over a set of values: linear interpolation between the closest ranks. */
public final class Quantiles {

    private Quantiles() {}

    /**
     * Whether the φ-quantile of {@code n} values is decided without them, as Prometheus decides
     * it: no values or a NaN φ give NaN, φ below 0 gives −∞, above 1 +∞ ({@link #withoutValues}).
     */
    public static boolean needsNoValues(double q, int n) {
        return n == 0 || !(q >= 0 && q <= 1);
    }

    /** The φ-quantile of {@code n} values when {@link #needsNoValues} says so. */
    public static double withoutValues(double q, int n) {
        return n == 0 || Double.isNaN(q) ? Double.NaN : q < 0 ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }

    /**
     * The φ-quantile of {@code values[0, n)}, which this call sorts as Go's sort does with
     * Prometheus' ordering: NaNs first, then ascending.
     */
    public static double quantile(double q, double[] values, int n) {
        if (needsNoValues(q, n)) {
            return withoutValues(q, n);
        }
        sortNaNFirst(values, n);
        return ofSorted(q, values, n);
    }

    /**
     * The φ-quantile, {@code 0 <= q <= 1}, of {@code sorted[0, n)}, {@code n > 0}, already in
     * Prometheus' order (NaNs first, then ascending): NaN when a NaN sits at the lower rank.
     */
    static double ofSorted(double q, double[] sorted, int n) {
        double rank = q * (n - 1);
        int lower = lowerRank(rank);
        double below = sorted[lower];
        return Double.isNaN(below) ? Double.NaN : interpolate(below, sorted[upperRank(lower, n)], rank);
    }

    /** {@link #ofSorted} of {@code n} values whose {@code i}-th in sorted order {@code valueAt} gives. */
    public static double ofRanked(double q, int n, java.util.function.IntToDoubleFunction valueAt) {
        double rank = q * (n - 1);
        int lower = lowerRank(rank);
        double below = valueAt.applyAsDouble(lower);
        return Double.isNaN(below) ? Double.NaN : interpolate(below, valueAt.applyAsDouble(upperRank(lower, n)), rank);
    }

    /** The rank whose value is weighed {@code 1 - (rank - floor(rank))}. */
    private static int lowerRank(double rank) {
        return (int) Math.max(0, Math.floor(rank));
    }

    /** The rank whose value is weighed {@code rank - floor(rank)}. */
    private static int upperRank(int lower, int n) {
        return Math.min(n - 1, lower + 1);
    }

    /** Linear interpolation between the values at the ranks either side of {@code rank}. */
    private static double interpolate(double below, double above, double rank) {
        double weight = rank - Math.floor(rank);
        return below * (1 - weight) + above * weight;
    }

    /**
     * The same value as {@link #quantile(double, double[], int)}, found by selection instead of
     * a full sort: {@code values[0, n)} is reordered, not sorted. Linear time on average.
     */
    public static double quantileBySelection(double q, double[] values, int n) {
        if (needsNoValues(q, n)) {
            return withoutValues(q, n);
        }
        int nan = 0;
        for (int i = 0; i < n; i++) {
            double v = values[i];
            if (Double.isNaN(v)) {
                values[i] = values[nan];
                values[nan++] = v;
            }
        }
        double rank = q * (n - 1);
        int lower = lowerRank(rank);
        int upper = upperRank(lower, n);
        if (lower < nan) {
            return Double.NaN; // the sorted order puts a NaN at the lower rank
        }
        select(values, nan, n, lower);
        double low = values[lower];
        double high = low;
        if (upper > lower) {
            high = values[upper];
            for (int i = upper + 1; i < n; i++) {
                if (before(values[i], high)) {
                    high = values[i];
                }
            }
        }
        return interpolate(low, high, rank);
    }

    /** Arrays.sort's order on non-NaN doubles: ascending, -0.0 before 0.0. */
    private static boolean before(double a, double b) {
        return a < b || (a == b && Double.doubleToRawLongBits(a) < Double.doubleToRawLongBits(b));
    }

    /**
     * Reorders {@code a[lo, hi)} (no NaNs) so that {@code a[k]} holds what a sort would put there,
     * nothing after it comes before it and nothing before it comes after it. Calls for nearby
     * ranks on the same array reuse the partitioning the earlier ones left.
     */
    public static void select(double[] a, int lo, int hi, int k) {
        while (hi - lo > 16) {
            int mid = (lo + hi) >>> 1;
            double x = a[lo];
            double y = a[mid];
            double z = a[hi - 1];
            double p = before(x, y)
                    ? (before(y, z) ? y : before(x, z) ? z : x)
                    : (before(x, z) ? x : before(y, z) ? z : y);
            int i = lo;
            int j = hi - 1;
            while (i <= j) {
                while (before(a[i], p)) {
                    i++;
                }
                while (before(p, a[j])) {
                    j--;
                }
                if (i <= j) {
                    double t = a[i];
                    a[i] = a[j];
                    a[j] = t;
                    i++;
                    j--;
                }
            }
            if (k <= j) {
                hi = j + 1;
            } else if (k >= i) {
                lo = i;
            } else {
                return; // a[j + 1, i) all equal the pivot, k among them
            }
        }
        for (int i = lo + 1; i < hi; i++) {
            double v = a[i];
            int j = i - 1;
            while (j >= lo && before(v, a[j])) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    /** The φ-quantile of all of {@code values}, which this call sorts. */
    public static double quantile(double q, double[] values) {
        return quantile(q, values, values.length);
    }

    /** Sorts ascending with NaNs moved to the front (Java puts them last). */
    static void sortNaNFirst(double[] values, int n) {
        Arrays.sort(values, 0, n);
        int nan = 0;
        while (nan < n && Double.isNaN(values[n - 1 - nan])) {
            nan++;
        }
        if (nan > 0) {
            System.arraycopy(values, 0, values, nan, n - nan);
            Arrays.fill(values, 0, nan, Double.NaN);
        }
    }
}
