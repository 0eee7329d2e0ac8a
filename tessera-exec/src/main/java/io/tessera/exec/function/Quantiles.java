package io.tessera.exec.function;

import java.util.Arrays;

/** Prometheus' quantile over a set of values: linear interpolation between the closest ranks. */
public final class Quantiles {

    private Quantiles() {
    }

    /**
     * The φ-quantile of {@code values[0, n)}, which this call sorts as Go's sort does with
     * Prometheus' ordering: NaNs first, then ascending.
     */
    public static double quantile(double q, double[] values, int n) {
        if (n == 0 || Double.isNaN(q)) {
            return Double.NaN;
        }
        if (q < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (q > 1) {
            return Double.POSITIVE_INFINITY;
        }
        sortNaNFirst(values, n);
        double rank = q * (n - 1);
        int lower = (int) Math.max(0, Math.floor(rank));
        int upper = (int) Math.min(n - 1, lower + 1);
        double weight = rank - Math.floor(rank);
        return values[lower] * (1 - weight) + values[upper] * weight;
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
