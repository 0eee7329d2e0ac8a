package io.tessera.exec.function;

/**
 * Kahan–Neumaier compensated summation, step by step as Prometheus does it: callers keep the
 * running sum and compensation in locals, {@code t = sum + x; c = Kahan.compensate(x, sum, t, c); sum = t}.
 */
public final class Kahan {

    private Kahan() {}

    /** The compensation after adding {@code inc} to {@code sum} gave {@code t}; reset once the sum overflows. */
    public static double compensate(double inc, double sum, double t, double c) {
        if (Double.isInfinite(t)) {
            return 0;
        }
        if (Math.abs(sum) >= Math.abs(inc)) {
            return c + ((sum - t) + inc);
        }
        return c + ((inc - t) + sum);
    }
}
