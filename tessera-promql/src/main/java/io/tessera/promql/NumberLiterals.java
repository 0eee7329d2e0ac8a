package io.tessera.promql;

import io.tessera.core.Durations;
import io.tessera.core.InvalidInputException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * The numbers and durations of PromQL's text: number literals as Prometheus reads them (Go's
 * integer and float syntax, hexadecimal, octal, underscores between digits, Inf and NaN),
 * durations, and their conversions.
 */
final class NumberLiterals {

    private NumberLiterals() {}

    /** A number or duration token as milliseconds; a number counts seconds. */
    static long durationMillis(Token t, String input) {
        if (t.is(TokenType.NUMBER)) {
            return (long) (number(t, input) * 1000);
        }
        try {
            return Durations.parseMillis(t.text());
        } catch (InvalidInputException e) {
            throw ParseException.at(input, t.pos(), e.getMessage());
        }
    }

    /**
     * A number token's value: decimal and hexadecimal integers (a leading 0 means octal, as in
     * Go), floats, Inf and NaN, with underscores allowed between digits.
     */
    static double number(Token t, String input) {
        String text = t.text();
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.equals("inf")) {
            return Double.POSITIVE_INFINITY;
        }
        if (lower.equals("nan")) {
            return Double.NaN;
        }
        boolean hex = lower.startsWith("0x");
        String digits = text.replace("_", "");
        try {
            if (underscoresSeparateDigits(text, hex)) {
                if (hex) {
                    return new BigInteger(digits.substring(2), 16).doubleValue();
                }
                if (digits.length() > 1
                        && digits.chars().allMatch(c -> c >= '0' && c <= '7')
                        && digits.charAt(0) == '0') {
                    return Long.parseLong(digits, 8);
                }
                return Double.parseDouble(digits);
            }
        } catch (NumberFormatException e) {
            // reported below, in the words Prometheus uses
        }
        throw ParseException.at(
                input,
                t.pos(),
                "error parsing number: strconv.ParseFloat: parsing " + Syntax.quote(text) + ": invalid syntax");
    }

    private static boolean underscoresSeparateDigits(String text, boolean hex) {
        for (int i = text.indexOf('_'); i >= 0; i = text.indexOf('_', i + 1)) {
            boolean afterPrefix = hex && i == 2;
            if (i == 0
                    || i + 1 >= text.length()
                    || !(afterPrefix || Character.digit(text.charAt(i - 1), hex ? 16 : 10) >= 0)
                    || Character.digit(text.charAt(i + 1), hex ? 16 : 10) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Seconds to milliseconds, rounding half away from zero. */
    static long secondsToMillis(double seconds) {
        double millis = seconds * 1000;
        if (millis >= 0x1p63) {
            return Long.MAX_VALUE;
        }
        if (millis <= -0x1p63) {
            return Long.MIN_VALUE;
        }
        return new BigDecimal(millis).setScale(0, RoundingMode.HALF_UP).longValue();
    }

    static String goFloat(double v) {
        if (Double.isNaN(v)) {
            return "NaN";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "+Inf" : "-Inf";
        }
        return String.format(Locale.ROOT, "%f", v);
    }
}
