package io.tessera.promqltest;

import io.tessera.core.AlmostEqual;
import io.tessera.core.StaleMarker;
import io.tessera.promql.SpecialFloats;
import java.math.BigDecimal;
import java.util.regex.Pattern;

/** Numbers as the test language reads, compares and prints them (Go's rules, not Java's). */
final class Floats {

    /** Relative error promqltest allows between an expected and an actual sample value. */
    static final double EPSILON = 0.000001;

    private static final Pattern GO_INT =
            Pattern.compile("[+-]?(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)");
    private static final Pattern GO_FLOAT = Pattern.compile("[+-]?((\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?"
            + "|0[xX]([0-9a-fA-F]+\\.?[0-9a-fA-F]*|\\.[0-9a-fA-F]+)[pP][+-]?\\d+)");
    private static final Pattern GO_SPECIAL = Pattern.compile("[+-]?(?i:inf|infinity|nan)");

    private Floats() {}

    /** Whether two sample values are equal to promqltest (two NaNs, stale markers included, are). */
    static boolean almostEqual(double a, double b) {
        return AlmostEqual.within(a, b, EPSILON);
    }

    /**
     * A number as promqltest parses one: first as a Go integer literal with base prefix (so
     * {@code 010} is eight and {@code 0x1f} is 31), then as a Go float (Inf, NaN, hex floats).
     */
    static double parse(String s) {
        String digits = s.replace("_", "");
        if (!digits.equals(s) && !underscoresBetweenDigits(s)) {
            throw new NumberFormatException("not a number: \"" + s + "\"");
        }
        if (GO_INT.matcher(digits).matches()) {
            Long n = parseGoInt(digits);
            if (n != null) {
                return n;
            }
        }
        if (GO_SPECIAL.matcher(s).matches()) {
            String word = s.replaceFirst("^[+-]", "").toLowerCase();
            if (word.equals("nan")) {
                return Double.NaN;
            }
            return s.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (s.equals(digits) && GO_FLOAT.matcher(s).matches()) {
            return Double.parseDouble(s);
        }
        throw new NumberFormatException("not a number: \"" + s + "\"");
    }

    static boolean isNumber(String s) {
        try {
            parse(s);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private static boolean underscoresBetweenDigits(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == '_'
                    && (i == 0
                            || i == s.length() - 1
                            || !Character.isLetterOrDigit(s.charAt(i - 1))
                            || !Character.isLetterOrDigit(s.charAt(i + 1)))) {
                return false;
            }
        }
        return true;
    }

    /** The value of a Go integer literal, or null when it does not fit in 64 bits. */
    private static Long parseGoInt(String s) {
        boolean negative = s.startsWith("-");
        String body = s.startsWith("-") || s.startsWith("+") ? s.substring(1) : s;
        int radix = 10;
        if (body.length() > 1 && body.charAt(0) == '0') {
            char p = Character.toLowerCase(body.charAt(1));
            if (p == 'x' || p == 'o' || p == 'b') {
                radix = p == 'x' ? 16 : p == 'o' ? 8 : 2;
                body = body.substring(2);
            } else {
                radix = 8;
                body = body.substring(1);
            }
        }
        try {
            return Long.parseLong((negative ? "-" : "") + body, radix);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Go's {@code %v} spelling of a float: {@code 3}, {@code 0.25}, {@code 1e-05}, {@code +Inf}. */
    static String format(double v) {
        if (StaleMarker.isStale(v)) {
            return "stale";
        }
        String special = SpecialFloats.spelling(v);
        if (special != null) {
            return special;
        }
        BigDecimal d = new BigDecimal(Double.toString(Math.abs(v))).stripTrailingZeros();
        String sign = v < 0 ? "-" : "";
        int exponent = d.precision() - d.scale() - 1;
        if (exponent >= -4 && exponent < 21) {
            return sign + d.toPlainString();
        }
        String digits = d.unscaledValue().toString();
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        int e = Math.abs(exponent);
        return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (e < 10 ? "0" : "") + e;
    }
}
