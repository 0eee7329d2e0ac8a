package io.tessera.server.api;

import io.tessera.exec.function.GoFormat;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.regex.Pattern;

/**
 * Floats read and written as Go's {@code strconv} does, which is what Prometheus clients send and
 * expect back: {@code ParseFloat} for parameters, {@code FormatFloat(v, 'f' or 'e', -1, 64)}
 * (the shortest digits that read back to the same double) for values.
 */
final class GoFloats {

    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern HEX =
            Pattern.compile("[+-]?0[xX]([0-9a-fA-F]+\\.?[0-9a-fA-F]*|\\.[0-9a-fA-F]+)[pP][+-]?\\d+");
    private static final Pattern INFINITY = Pattern.compile("[+-]?(?i:inf|infinity)");
    private static final Pattern NAN = Pattern.compile("(?i:nan)");

    private GoFloats() {}

    /**
     * The value of {@code s} as {@code strconv.ParseFloat(s, 64)} reads it, or null where Go
     * reports an error (malformed, or out of range: Go answers ±Inf with an error there).
     */
    static Double parse(String s) {
        if (INFINITY.matcher(s).matches()) {
            return s.charAt(0) == '-' ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (NAN.matcher(s).matches()) {
            return Double.NaN;
        }
        if (!DECIMAL.matcher(s).matches() && !HEX.matcher(s).matches()) {
            return null;
        }
        double v = Double.parseDouble(s);
        return Double.isInfinite(v) ? null : v;
    }

    /**
     * {@code v} as Prometheus writes a sample value: Go's shortest {@code 'f'} form, or the
     * {@code 'e'} form below 1e-6 and from 1e21 on in absolute value; {@code NaN}, {@code +Inf},
     * {@code -Inf}.
     */
    static String sampleValue(double v) {
        double abs = Math.abs(v);
        boolean exponent = abs != 0 && (abs < 1e-6 || abs >= 1e21);
        return exponent ? formatE(v) : formatF(v);
    }

    /** Go's {@code strconv.FormatFloat(v, 'f', -1, 64)}. */
    static String formatF(double v) {
        String fixed = nonFiniteOrZero(v, "0");
        if (fixed != null) {
            return fixed;
        }
        double abs = Math.abs(v);
        if (abs < 1e15 && v == (long) v) {
            return Long.toString((long) v);
        }
        if (abs >= 1e-3 && abs < 1e7) {
            // the JDK writes this range in plain notation with the shortest digits, as Go does, but keeps a ".0"
            String plain = Double.toString(v);
            return plain.endsWith(".0") ? plain.substring(0, plain.length() - 2) : plain;
        }
        return (v < 0 ? "-" : "") + shortest(abs).toPlainString();
    }

    /** Go's {@code strconv.FormatFloat(v, 'e', -1, 64)}: {@code d.ddde±XX}, at least two exponent digits. */
    static String formatE(double v) {
        String fixed = nonFiniteOrZero(v, "0e+00");
        if (fixed != null) {
            return fixed;
        }
        BigDecimal d = shortest(Math.abs(v));
        String digits = d.unscaledValue().toString();
        return GoFormat.exponentForm(v < 0, digits, digits.length() - 1 - d.scale());
    }

    /** NaN and the infinities as Go writes them, a zero as {@code zero} after its sign; null for other values. */
    private static String nonFiniteOrZero(double v, String zero) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.isNaN(v) ? "NaN" : v > 0 ? "+Inf" : "-Inf";
        }
        if (v == 0) {
            return (Double.doubleToRawLongBits(v) < 0 ? "-" : "") + zero;
        }
        return null;
    }

    /**
     * The shortest digits that read back to {@code positive}, as Go picks them. Java's
     * {@code Double.toString} does the same except that it never answers with one digit where a
     * closer two-digit decimal exists (4.9E-324 where Go writes 5e-324).
     */
    private static BigDecimal shortest(double positive) {
        BigDecimal d = new BigDecimal(Double.toString(positive)).stripTrailingZeros();
        if (d.precision() != 2) {
            return d;
        }
        BigDecimal exact = new BigDecimal(positive);
        BigDecimal best = null;
        for (RoundingMode mode : new RoundingMode[] {RoundingMode.DOWN, RoundingMode.UP}) {
            BigDecimal one = d.round(new MathContext(1, mode));
            if (Double.parseDouble(one.toString()) == positive
                    && (best == null
                            || one.subtract(exact)
                                            .abs()
                                            .compareTo(best.subtract(exact).abs())
                                    < 0)) {
                best = one;
            }
        }
        return best == null ? d : best.stripTrailingZeros();
    }
}
