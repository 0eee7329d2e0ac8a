package io.tessera.exec.function;

import java.math.BigDecimal;
import java.util.Locale;

/** Go's float formatting, for text that must read exactly as Prometheus writes it. */
public final class GoFormat {

    private GoFormat() {}

    /** Go's {@code %v} of a float: the shortest digits, with an exponent below 1e-4 and from 1e21. */
    public static String v(double x) {
        return shortest(x, 21);
    }

    /** Go's {@code %g}: the shortest digits, with an exponent below 1e-4 and from 1e6. */
    public static String g(double x) {
        return shortest(x, 6);
    }

    /** Go's {@code strconv.FormatFloat(x, 'f', -1, 64)}: the shortest digits, never an exponent. */
    public static String shortestF(double x) {
        String special = nonFiniteOrZero(x);
        return special != null
                ? special
                : new BigDecimal(Double.toString(x)).stripTrailingZeros().toPlainString();
    }

    /** Go's {@code %f}: six decimals. */
    public static String f(double x) {
        String special = nonFinite(x);
        return special != null ? special : String.format(Locale.ROOT, "%f", x);
    }

    private static String shortest(double x, int exponentFormFrom) {
        String special = nonFiniteOrZero(x);
        if (special != null) {
            return special;
        }
        BigDecimal d = new BigDecimal(Double.toString(x)).stripTrailingZeros();
        String digits = d.unscaledValue().abs().toString();
        int exp = digits.length() - d.scale() - 1;
        if (exp >= -4 && exp < exponentFormFrom) {
            return d.toPlainString();
        }
        return exponentForm(x < 0, digits, exp);
    }

    /**
     * Go's exponent form of a number with these significant {@code digits} and decimal exponent:
     * {@code d.ddde±XX}, at least two exponent digits.
     */
    public static String exponentForm(boolean negative, String digits, int exp) {
        StringBuilder sb = new StringBuilder(negative ? "-" : "").append(digits.charAt(0));
        if (digits.length() > 1) {
            sb.append('.').append(digits, 1, digits.length());
        }
        sb.append('e').append(exp < 0 ? '-' : '+');
        int e = Math.abs(exp);
        if (e < 10) {
            sb.append('0');
        }
        return sb.append(e).toString();
    }

    private static String nonFiniteOrZero(double x) {
        if (x == 0) {
            return Double.doubleToRawLongBits(x) < 0 ? "-0" : "0";
        }
        return nonFinite(x);
    }

    private static String nonFinite(double x) {
        if (Double.isNaN(x)) {
            return "NaN";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "+Inf" : "-Inf";
        }
        return null;
    }
}
