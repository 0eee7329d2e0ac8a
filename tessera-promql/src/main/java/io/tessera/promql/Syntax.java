package io.tessera.promql;

import io.tessera.core.LabelMatcher;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Set;

/** Spelling rules shared by the lexer, the parser and the printer. */
final class Syntax {

    /** Words that the lexer never hands out as a metric name, so a metric so named must be quoted. */
    private static final Set<String> RESERVED_AS_METRIC =
            Set.of("bool", "on", "ignoring", "group_left", "group_right", "atan2", "inf", "nan");

    private Syntax() {}

    static boolean isAlpha(int c) {
        return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    static boolean isAlphaNumeric(int c) {
        return isAlpha(c) || isDigit(c);
    }

    static boolean isSpace(int c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    static boolean isLegacyLabelName(String s) {
        if (s.isEmpty() || !isAlpha(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (!isAlphaNumeric(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    static boolean isLegacyMetricName(String s) {
        if (s.isEmpty() || !(isAlpha(s.charAt(0)) || s.charAt(0) == ':')) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!isAlphaNumeric(c) && c != ':') {
                return false;
            }
        }
        return true;
    }

    /** Whether a metric name can be written bare in front of the braces and read back as a name. */
    static boolean isBareMetricName(String s) {
        return isLegacyMetricName(s) && !RESERVED_AS_METRIC.contains(s.toLowerCase(Locale.ROOT));
    }

    /** Whether a label name can be written bare in a grouping list and read back as that label. */
    static boolean isBareLabelName(String s) {
        return isLegacyLabelName(s) && !s.equalsIgnoreCase("inf") && !s.equalsIgnoreCase("nan");
    }

    static String labelName(String name) {
        return isLegacyLabelName(name) ? name : quote(name);
    }

    static String groupingLabel(String name) {
        return isBareLabelName(name) ? name : quote(name);
    }

    static String matcher(LabelMatcher m) {
        return labelName(m.name()) + m.type().symbol() + quote(m.value());
    }

    /** A double-quoted string with Go's escapes, as Go's {@code strconv.Quote} writes it. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        s.codePoints().forEach(c -> appendQuoted(b, c, '"'));
        return b.append('"').toString();
    }

    /** A rune in single quotes, as Go's {@code %q} writes it in messages. */
    static String quoteRune(int c) {
        if (c < 0) {
            return "'\\uFFFD'";
        }
        StringBuilder b = new StringBuilder("'");
        appendQuoted(b, c, '\'');
        return b.append('\'').toString();
    }

    private static void appendQuoted(StringBuilder b, int c, char quote) {
        if (c == quote || c == '\\') {
            b.append('\\').appendCodePoint(c);
        } else if (isPrintable(c)) {
            b.appendCodePoint(c);
        } else {
            switch (c) {
                case 0x07 -> b.append("\\a");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case 0x0b -> b.append("\\v");
                default -> {
                    if (c < 0x80) {
                        b.append(String.format(Locale.ROOT, "\\x%02x", c));
                    } else if (c < 0x10000) {
                        b.append(String.format(Locale.ROOT, "\\u%04x", c));
                    } else {
                        b.append(String.format(Locale.ROOT, "\\U%08x", c));
                    }
                }
            }
        }
    }

    /** Go's {@code unicode.IsPrint}: letters, marks, numbers, punctuation, symbols and the ASCII space. */
    private static boolean isPrintable(int c) {
        if (c == ' ') {
            return true;
        }
        return switch (Character.getType(c)) {
            case Character.UPPERCASE_LETTER,
                    Character.LOWERCASE_LETTER,
                    Character.TITLECASE_LETTER,
                    Character.MODIFIER_LETTER,
                    Character.OTHER_LETTER,
                    Character.NON_SPACING_MARK,
                    Character.ENCLOSING_MARK,
                    Character.COMBINING_SPACING_MARK,
                    Character.DECIMAL_DIGIT_NUMBER,
                    Character.LETTER_NUMBER,
                    Character.OTHER_NUMBER,
                    Character.CONNECTOR_PUNCTUATION,
                    Character.DASH_PUNCTUATION,
                    Character.START_PUNCTUATION,
                    Character.END_PUNCTUATION,
                    Character.INITIAL_QUOTE_PUNCTUATION,
                    Character.FINAL_QUOTE_PUNCTUATION,
                    Character.OTHER_PUNCTUATION,
                    Character.MATH_SYMBOL,
                    Character.CURRENCY_SYMBOL,
                    Character.MODIFIER_SYMBOL,
                    Character.OTHER_SYMBOL -> true;
            default -> false;
        };
    }

    /** The shortest decimal that reads back as {@code v}, without exponent, as Go's {@code 'f', -1}. */
    static String number(double v) {
        String special = SpecialFloats.spelling(v);
        if (special != null) {
            return special;
        }
        return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }

    /** Epoch milliseconds as seconds with exactly three decimals. */
    static String seconds(long millis) {
        String sign = millis < 0 ? "-" : "";
        long abs = Math.abs(millis);
        return sign + (abs / 1000) + "." + String.format(Locale.ROOT, "%03d", abs % 1000);
    }
}
