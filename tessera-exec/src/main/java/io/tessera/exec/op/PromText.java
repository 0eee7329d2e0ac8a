package io.tessera.exec.op;

import io.tessera.core.Labels;

/**
 * Text as Prometheus prints it in results and messages: label sets as {@code Labels.String()},
 * strings as Go's {@code strconv.Quote}.
 */
final class PromText {

    private PromText() {}

    /** {@code {__name__="x", a="b"}}: every label in name order, values quoted. */
    static String labels(Labels labels) {
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < labels.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(labels.name(i)).append('=');
            quoteTo(labels.value(i), sb);
        }
        return sb.append('}').toString();
    }

    static String quote(String s) {
        StringBuilder sb = new StringBuilder();
        quoteTo(s, sb);
        return sb.toString();
    }

    private static void quoteTo(String s, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            i += Character.charCount(c);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case 0x07 -> sb.append("\\a");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case 0x0b -> sb.append("\\v");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        sb.append(String.format("\\x%02x", c));
                    } else if (Character.isISOControl(c) || !Character.isDefined(c)) {
                        sb.append(c > 0xffff ? String.format("\\U%08x", c) : String.format("\\u%04x", c));
                    } else {
                        sb.appendCodePoint(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
