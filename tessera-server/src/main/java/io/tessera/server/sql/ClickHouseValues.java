package io.tessera.server.sql;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Values as ClickHouse prints them in its text formats. */
final class ClickHouseValues {

    private static final DateTimeFormatter DATETIME64 =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private ClickHouseValues() {}

    /**
     * {@code nan}, {@code inf}, {@code -inf}; whole numbers below 1e21 without an exponent; else
     * the shortest form that reads back as the same double, with a lower-case exponent
     * ({@code 1e-7}, {@code 1.5e300}).
     */
    static String float64(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e21) {
            return v == 0 && 1 / v < 0 ? "-0" : new BigDecimal(v).toPlainString();
        }
        String s = Double.toString(v);
        int e = s.indexOf('E');
        if (e < 0) {
            return s;
        }
        String mantissa = s.substring(0, e);
        if (mantissa.endsWith(".0")) {
            mantissa = mantissa.substring(0, mantissa.length() - 2);
        }
        return mantissa + "e" + s.substring(e + 1);
    }

    static String dateTime64(long epochMillis) {
        return DATETIME64.format(Instant.ofEpochMilli(epochMillis));
    }

    /** The value as TabSeparated prints it, before escaping. */
    static String text(ClickHouseResult.Kind kind, Object v) {
        return switch (kind) {
            case UINT8, INT64 -> Long.toString(((Number) v).longValue());
            case FLOAT64 -> float64((Double) v);
            case STRING -> (String) v;
            case DATETIME64 -> dateTime64((Long) v);
            case ARRAY_INT64, ARRAY_FLOAT64, ARRAY_STRING, ARRAY_DATETIME64 ->
                array(kind.element(), (java.util.List<?>) v);
        };
    }

    /** An array as ClickHouse's text formats write it: {@code [1,2]}, {@code ['a','b\'c']}. */
    private static String array(ClickHouseResult.Kind element, java.util.List<?> values) {
        StringBuilder out = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            out.append(i == 0 ? "" : ",");
            String t = text(element, values.get(i));
            if (element == ClickHouseResult.Kind.STRING || element == ClickHouseResult.Kind.DATETIME64) {
                out.append('\'');
                escapeTsv(t, out);
                out.append('\'');
            } else {
                out.append(t);
            }
        }
        return out.append(']').toString();
    }

    /** TabSeparated escaping: backslash, tab, line feed and the other control characters ClickHouse escapes. */
    static void escapeTsv(String s, StringBuilder out) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\0' -> out.append("\\0");
                case '\'' -> out.append("\\'");
                default -> out.append(c);
            }
        }
    }
}
