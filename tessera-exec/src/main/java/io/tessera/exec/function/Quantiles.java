package io.tessera.exec.function;

import java.util.Arrays;

/** Prometheus' quantile over a set of values: linear interpolation between the closest ranks. */
public final class Quantiles {

    private Quantiles() {
    }

    /** The φ-quantile of {@code values}, which this call sorts. */
    public static double quantile(double q, double[] values) {
        if (values.length == 0 || Double.isNaN(q)) {
            return Double.NaN;
        }
        if (q < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (q > 1) {
            return Double.POSITIVE_INFINITY;
        }
        Arrays.sort(values);
        double rank = q * (values.length - 1);
        int lower = (int) Math.max(0, Math.floor(rank));
        int upper = (int) Math.min(values.length - 1, lower + 1);
        double weight = rank - Math.floor(rank);
        return values[lower] * (1 - weight) + values[upper] * weight;
    }
}
