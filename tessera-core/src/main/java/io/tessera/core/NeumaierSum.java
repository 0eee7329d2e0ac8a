package io.tessera.core;

/**
 * The steps of Kahan–Neumaier compensated summation as Prometheus takes them ({@code kahanSumInc}):
 * callers keep the running sum and compensation themselves (in fields or locals, so a sum costs no
 * object) and write {@code next = sum + inc; c = NeumaierSum.compensation(inc, sum, next, c); sum = next}.
 */
public final class NeumaierSum {

    private NeumaierSum() {}

    /** The compensation {@code c} after {@code next = sum + inc}; dropped (0) once the sum is infinite. */
    public static double compensation(double inc, double sum, double next, double c) {
        if (Double.isInfinite(next)) {
            return 0;
        }
        return c + roundingError(sum, inc, next);
    }

    /** What rounding lost from {@code next = sum + inc}, exactly (Neumaier's two-sum error). */
    public static double roundingError(double sum, double inc, double next) {
        return Math.abs(sum) >= Math.abs(inc) ? (sum - next) + inc : (inc - next) + sum;
    }
}
