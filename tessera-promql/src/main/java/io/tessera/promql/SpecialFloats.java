package io.tessera.promql;

/** How Prometheus, in Go, spells the float values that have no digits of their own. */
public final class SpecialFloats {

    private SpecialFloats() {}

    /** {@code NaN}, {@code +Inf}, {@code -Inf}, {@code 0} or {@code -0} for those values; null for any other. */
    public static String spelling(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        if (v == 0) {
            return 1 / v < 0 ? "-0" : "0";
        }
        return null;
    }
}
