package io.tessera.exec.function;

import java.math.BigDecimal;
import java.util.Locale;

/** Go's float formatting verbs, for messages that must read exactly as Prometheus writes them. */
final class GoFormat {

    private GoFormat() {}

    /** Go's {@code %g}: the shortest representation, with an exponent below 1e-4 and from 1e21. */
    static String g(double x) {
        if (Double.isNaN(x)) {
            return "NaN";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "+Inf" : "-Inf";
        }
        if (x == 0) {
            return (1 / x) < 0 ? "-0" : "0";
        }
        BigDecimal d = new BigDecimal(Double.toString(x)).stripTrailingZeros();
        int exp = d.precision() - d.scale() - 1;
        if (exp < -4 || exp >= 21) {
            String digits = d.unscaledValue().abs().toString();
            StringBuilder sb = new StringBuilder();
            if (x < 0) {
                sb.append('-');
            }
            sb.append(digits.charAt(0));
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
        return d.toPlainString();
    }

    /** Go's {@code %f}: six decimals. */
    static String f(double x) {
        if (Double.isNaN(x)) {
            return "NaN";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "+Inf" : "-Inf";
        }
        return String.format(Locale.ROOT, "%f", x);
    }
}
