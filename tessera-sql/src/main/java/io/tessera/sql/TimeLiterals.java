package io.tessera.sql;

import io.tessera.core.InvalidInputException;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/** Timestamp texts and interval texts of SQL, read as epoch milliseconds (UTC) and millisecond widths. */
final class TimeLiterals {

    /** DuckDB's and TimescaleDB's default {@code time_bucket} origin: Monday 2000-01-03 00:00:00 UTC. */
    static final long BUCKET_ORIGIN_MS = 946_857_600_000L;

    private TimeLiterals() {}

    /** {@code 2024-01-02}, {@code 2024-01-02 03:04:05[.678]}, the same with {@code T}, with {@code Z} or an offset. */
    static long timestamp(String text) {
        String t = text.trim();
        try {
            if (t.length() == 10) {
                return LocalDateTime.parse(t + "T00:00:00")
                        .toInstant(ZoneOffset.UTC)
                        .toEpochMilli();
            }
            if (t.length() > 10 && t.charAt(10) == ' ') {
                t = t.substring(0, 10) + 'T' + t.substring(11);
            }
            if (t.endsWith("Z") || t.matches(".*[+-]\\d\\d(:?\\d\\d)?$")) {
                return OffsetDateTime.parse(t.replaceFirst("([+-]\\d\\d)$", "$1:00"))
                        .toInstant()
                        .toEpochMilli();
            }
            return LocalDateTime.parse(t).toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeParseException e) {
            throw new InvalidInputException("invalid timestamp '" + text + "': expected YYYY-MM-DD[ HH:MM:SS[.fff]]");
        }
    }

    /** {@code 5 minutes}, {@code 1 hour}, {@code 30 s}; {@code unit} given apart as {@code INTERVAL '1' HOUR} writes it. */
    static long interval(String amount, String unit) {
        String text = (amount.trim() + (unit == null ? "" : " " + unit)).trim();
        String[] parts = text.split("\\s+");
        if (parts.length != 2) {
            throw new InvalidInputException(
                    "invalid interval '" + text + "': expected a number and a unit, e.g. '5 minutes'");
        }
        long n;
        try {
            n = Long.parseLong(parts[0]);
        } catch (NumberFormatException e) {
            throw new InvalidInputException("invalid interval '" + text + "': the amount must be a whole number");
        }
        return Math.multiplyExact(n, unitMs(parts[1], "interval '" + text + "'"));
    }

    /** The width of one {@code unit}; calendar units (month, quarter, year) have no fixed width and are rejected. */
    static long unitMs(String unit, String where) {
        String u = unit.toLowerCase(Locale.ROOT);
        return switch (u) {
            case "ms", "millisecond", "milliseconds" -> 1L;
            case "s", "sec", "second", "seconds" -> 1_000L;
            case "m", "min", "minute", "minutes" -> 60_000L;
            case "h", "hour", "hours" -> 3_600_000L;
            case "d", "day", "days" -> 86_400_000L;
            case "w", "week", "weeks" -> 7 * 86_400_000L;
            case "month", "months", "quarter", "quarters", "year", "years" ->
                throw new InvalidInputException("unsupported SQL: calendar unit '" + unit + "' in " + where
                        + " (use seconds, minutes, hours, days or weeks)");
            default -> throw new InvalidInputException("unknown time unit '" + unit + "' in " + where);
        };
    }
}
