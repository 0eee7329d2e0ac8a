package io.tessera.core;

/**
 * Prometheus' "almost equal" of two floats: they differ by less than their magnitude times an
 * epsilon; two NaNs are equal, and near zero the bound is absolute. {@code histogram_quantile}
 * uses it to smooth bucket counts and the test language to compare sample values.
 */
public final class AlmostEqual {

    private AlmostEqual() {}

    public static boolean within(double a, double b, double epsilon) {
        if (Double.isNaN(a) && Double.isNaN(b)) {
            return true;
        }
        if (a == b) {
            return true;
        }
        double absSum = Math.abs(a) + Math.abs(b);
        double diff = Math.abs(a - b);
        if (a == 0 || b == 0 || absSum < Double.MIN_NORMAL) {
            return diff < epsilon * Double.MIN_NORMAL;
        }
        return diff / Math.min(absSum, Double.MAX_VALUE) < epsilon;
    }
}
