package io.tessera.server.api;

/** Go's {@code %q} for the strings Prometheus quotes in its error messages. */
final class GoQuote {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private GoQuote() {}

    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case 0x07 -> sb.append("\\a");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                case 0x0b -> sb.append("\\v");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        sb.append("\\x").append(HEX[c >> 4]).append(HEX[c & 0xf]);
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
