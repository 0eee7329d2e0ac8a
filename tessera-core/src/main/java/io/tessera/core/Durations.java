package io.tessera.core;

/**
 * Prometheus duration strings: one or more {@code <integer><unit>} terms in decreasing unit
 * order, with units {@code y w d h m s ms} (e.g. {@code 1h30m}, {@code 90s}, {@code 15d}).
 */
public final class Durations {

    private static final String[] UNITS = {"y", "w", "d", "h", "m", "s", "ms"};
    private static final long[] UNIT_MS = {365L * 86_400_000, 7L * 86_400_000, 86_400_000, 3_600_000, 60_000, 1_000, 1};

    private Durations() {}

    /** Milliseconds of {@code text}; an error names the offending text. */
    public static long parseMillis(String text) {
        if (text == null || text.isEmpty()) {
            throw new InvalidInputException("empty duration string");
        }
        long total = 0;
        int lastUnit = -1;
        int i = 0;
        while (i < text.length()) {
            int digitsStart = i;
            while (i < text.length() && Character.isDigit(text.charAt(i))) {
                i++;
            }
            if (i == digitsStart) {
                throw invalid(text);
            }
            long amount;
            try {
                amount = Long.parseLong(text, digitsStart, i, 10);
            } catch (NumberFormatException e) {
                throw invalid(text);
            }
            int unit = unitAt(text, i);
            if (unit < 0 || unit <= lastUnit) {
                throw invalid(text);
            }
            i += UNITS[unit].length();
            lastUnit = unit;
            try {
                total = Math.addExact(total, Math.multiplyExact(amount, UNIT_MS[unit]));
            } catch (ArithmeticException e) {
                throw new InvalidInputException("duration out of range: \"" + text + "\"");
            }
        }
        return total;
    }

    private static int unitAt(String text, int i) {
        if (text.startsWith("ms", i)) {
            return 6;
        }
        for (int u = 0; u < UNITS.length - 1; u++) {
            if (text.startsWith(UNITS[u], i)) {
                return u;
            }
        }
        return -1;
    }

    private static InvalidInputException invalid(String text) {
        return new InvalidInputException("not a valid duration string: \"" + text + "\"");
    }

    /** The shortest Prometheus spelling of {@code millis}, e.g. {@code 1h30m}; 0 is {@code 0s}. */
    public static String format(long millis) {
        return format(millis, 0);
    }

    /**
     * A duration as Prometheus prints one in a query: units from years down to milliseconds, where
     * years and weeks are used only when they divide the duration exactly (90d, not 12w6d).
     */
    public static String formatAsPrometheus(long millis) {
        return format(millis, 2);
    }

    /** {@code millis} spelled in decreasing units, where the first {@code exactOnlyUnits} units are used only when they divide it. */
    private static String format(long millis, int exactOnlyUnits) {
        if (millis == 0) {
            return "0s";
        }
        StringBuilder sb = new StringBuilder();
        if (millis < 0) {
            sb.append('-');
            millis = -millis;
        }
        for (int u = 0; u < UNITS.length; u++) {
            if (u < exactOnlyUnits && millis % UNIT_MS[u] != 0) {
                continue;
            }
            long n = millis / UNIT_MS[u];
            if (n > 0) {
                sb.append(n).append(UNITS[u]);
                millis -= n * UNIT_MS[u];
            }
        }
        return sb.toString();
    }
}
