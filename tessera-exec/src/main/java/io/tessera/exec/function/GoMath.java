package io.tessera.exec.function;

/** Go's math functions where Java has none or a result that can differ on exact cases. */
final class GoMath {

    private GoMath() {}

    /** log2, exact for powers of two (Go computes it from the binary exponent). */
    static double log2(double x) {
        if (Double.isNaN(x) || x < 0) {
            return Double.NaN;
        }
        if (x == 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (Double.isInfinite(x)) {
            return x;
        }
        int exp = Math.getExponent(x);
        if (exp == Double.MIN_EXPONENT - 1) {
            // Subnormal: scale into the normal range first.
            return log2(x * 0x1p52) - 52;
        }
        double frac = Math.scalb(x, -(exp + 1));
        if (frac == 0.5) {
            return exp;
        }
        return Math.log(frac) * (1 / Math.log(2)) + (exp + 1);
    }

    static double asinh(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x) || x == 0) {
            return x;
        }
        double a = Math.abs(x);
        double r = a > 0x1p28 ? Math.log(a) + Math.log(2) : Math.log(a + Math.sqrt(a * a + 1));
        return x < 0 ? -r : r;
    }

    static double acosh(double x) {
        if (x < 1 || Double.isNaN(x)) {
            return Double.NaN;
        }
        if (x == 1) {
            return 0;
        }
        return Math.log(x + Math.sqrt(x * x - 1));
    }

    static double atanh(double x) {
        if (x < -1 || x > 1 || Double.isNaN(x)) {
            return Double.NaN;
        }
        if (x == 1) {
            return Double.POSITIVE_INFINITY;
        }
        if (x == -1) {
            return Double.NEGATIVE_INFINITY;
        }
        return 0.5 * Math.log((1 + x) / (1 - x));
    }
}
