package io.tessera.ingest.text;

/**
 * Sample values and timestamps as the text format writes them: Go float syntax in decimal
 * (with NaN, Inf, +Inf, -Inf in any case), and base-10 integer milliseconds.
 */
final class FloatSyntax {

    private FloatSyntax() {}

    /** True when {@code c[start..end)} is a value; {@link #parseValue} may then be called. */
    static boolean isValue(char[] c, int start, int end) {
        if (special(c, start, end) != 0) {
            return true;
        }
        int i = start;
        if (i < end && (c[i] == '+' || c[i] == '-')) {
            i++;
        }
        int intDigits = digits(c, i, end);
        i += intDigits;
        int fracDigits = 0;
        if (i < end && c[i] == '.') {
            i++;
            fracDigits = digits(c, i, end);
            i += fracDigits;
        }
        if (intDigits + fracDigits == 0) {
            return false;
        }
        if (i < end && (c[i] == 'e' || c[i] == 'E')) {
            i++;
            if (i < end && (c[i] == '+' || c[i] == '-')) {
                i++;
            }
            int expDigits = digits(c, i, end);
            if (expDigits == 0) {
                return false;
            }
            i += expDigits;
        }
        return i == end;
    }

    static double parseValue(char[] c, int start, int end) {
        int special = special(c, start, end);
        if (special != 0) {
            return special == 2 ? Double.NaN : special > 0 ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
        }
        int i = start;
        boolean negative = c[i] == '-';
        if (c[i] == '+' || c[i] == '-') {
            i++;
        }
        if (end - i <= 15 && digits(c, i, end) == end - i) {
            long v = 0;
            for (; i < end; i++) {
                v = v * 10 + (c[i] - '0');
            }
            return negative ? -(double) v : (double) v;
        }
        return Double.parseDouble(new String(c, start, end - start));
    }

    /**
     * The timestamp in {@code c[start..end)}, or {@code Long.MIN_VALUE} when it is not a base-10
     * integer that fits a long ({@code Long.MIN_VALUE} itself is therefore not accepted).
     */
    static long parseTimestamp(char[] c, int start, int end) {
        int i = start;
        boolean negative = i < end && c[i] == '-';
        if (i < end && (c[i] == '+' || c[i] == '-')) {
            i++;
        }
        int n = digits(c, i, end);
        if (n == 0 || i + n != end) {
            return Long.MIN_VALUE;
        }
        long v = 0;
        for (; i < end; i++) {
            int d = c[i] - '0';
            if (v > (Long.MAX_VALUE - d) / 10) {
                return Long.MIN_VALUE;
            }
            v = v * 10 + d;
        }
        return negative ? -v : v;
    }

    /** 2 for NaN, 1 for +Inf, -1 for -Inf, 0 for anything else. */
    private static int special(char[] c, int start, int end) {
        if (equalsIgnoreCase(c, start, end, "nan")) {
            return 2;
        }
        int sign = 1;
        int i = start;
        if (i < end && (c[i] == '+' || c[i] == '-')) {
            sign = c[i] == '-' ? -1 : 1;
            i++;
        }
        return equalsIgnoreCase(c, i, end, "inf") || equalsIgnoreCase(c, i, end, "infinity") ? sign : 0;
    }

    private static int digits(char[] c, int start, int end) {
        int i = start;
        while (i < end && c[i] >= '0' && c[i] <= '9') {
            i++;
        }
        return i - start;
    }

    private static boolean equalsIgnoreCase(char[] c, int start, int end, String word) {
        if (end - start != word.length()) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (Character.toLowerCase(c[start + i]) != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
