package io.tessera.ingest.rows;

import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.regex.Pattern;

/**
 * Parses one field's text: a time (epoch milliseconds, or an RFC 3339 date-time, whose
 * sub-millisecond digits are truncated toward the past), a 64-bit integer or a decimal number.
 * A refused value is an {@link IllegalArgumentException} whose message says why.
 */
final class FieldValues {

    private static final Pattern RFC3339 = Pattern.compile(
            "[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})");

    private FieldValues() {}

    static long time(String text) {
        if (isInteger(text)) {
            return integer(text, "a time");
        }
        if (!RFC3339.matcher(text).matches()) {
            throw new IllegalArgumentException(
                    "\"" + text + "\" is neither epoch milliseconds nor an RFC 3339 date-time");
        }
        String iso = (text.substring(0, 10) + "T" + text.substring(11)).toUpperCase(java.util.Locale.ROOT);
        try {
            java.time.Instant instant = OffsetDateTime.parse(iso, DateTimeFormatter.ISO_OFFSET_DATE_TIME)
                    .toInstant();
            return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1000L), instant.getNano() / 1_000_000);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("\"" + text + "\" is not a valid RFC 3339 date-time: " + e.getMessage());
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("\"" + text + "\" is out of range");
        }
    }

    static long integer(String text, String what) {
        if (!isInteger(text)) {
            throw new IllegalArgumentException("\"" + text + "\" is not an integer");
        }
        try {
            return Long.parseLong(text.startsWith("+") ? text.substring(1) : text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("\"" + text + "\" is out of range for " + what);
        }
    }

    /** A decimal number, or NaN, Inf, +Inf, -Inf, Infinity (any case). */
    static double decimal(String text) {
        if (isDecimal(text)) {
            return Double.parseDouble(text);
        }
        return switch (text.toLowerCase(java.util.Locale.ROOT)) {
            case "nan" -> Double.NaN;
            case "inf", "+inf", "infinity", "+infinity" -> Double.POSITIVE_INFINITY;
            case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
            default -> throw new IllegalArgumentException("\"" + text + "\" is not a number");
        };
    }

    /** {@code [+-]?[0-9]+} */
    private static boolean isInteger(String s) {
        int i = s.startsWith("+") || s.startsWith("-") ? 1 : 0;
        int digits = digits(s, i);
        return digits > 0 && i + digits == s.length();
    }

    /** {@code [+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?} */
    private static boolean isDecimal(String s) {
        int i = s.startsWith("+") || s.startsWith("-") ? 1 : 0;
        int whole = digits(s, i);
        i += whole;
        int fraction = 0;
        if (i < s.length() && s.charAt(i) == '.') {
            fraction = digits(s, i + 1);
            i += 1 + fraction;
        }
        if (whole + fraction == 0) {
            return false;
        }
        if (i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int exponent = digits(s, i);
            if (exponent == 0) {
                return false;
            }
            i += exponent;
        }
        return i == s.length();
    }

    private static int digits(String s, int from) {
        int i = from;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            i++;
        }
        return i - from;
    }
}
