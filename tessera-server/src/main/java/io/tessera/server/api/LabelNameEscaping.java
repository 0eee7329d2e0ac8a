package io.tessera.server.api;

/**
 * Prometheus' value-encoding escape for label names in URL paths: {@code U__} then the name with
 * {@code _} written {@code __} and any other character outside {@code [a-zA-Z0-9]} written
 * {@code _<hex code point>_}. Grafana sends names that are not legacy-valid this way. A name that
 * is not a well-formed escape is taken literally, as Prometheus takes it.
 */
final class LabelNameEscaping {

    private static final String PREFIX = "U__";

    private LabelNameEscaping() {}

    static String unescape(String name) {
        if (!name.startsWith(PREFIX)) {
            return name;
        }
        String escaped = name.substring(PREFIX.length());
        StringBuilder out = new StringBuilder(escaped.length());
        int i = 0;
        while (i < escaped.length()) {
            char c = escaped.charAt(i);
            if (c != '_') {
                out.append(c);
                i++;
                continue;
            }
            i++;
            if (i >= escaped.length()) {
                return name;
            }
            if (escaped.charAt(i) == '_') {
                out.append('_');
                i++;
                continue;
            }
            int close = escaped.indexOf('_', i);
            if (close < 0 || close - i > 6 || close == i) {
                return name;
            }
            int codePoint;
            try {
                codePoint = Integer.parseInt(escaped, i, close, 16);
            } catch (NumberFormatException e) {
                return name;
            }
            if (!Character.isValidCodePoint(codePoint) || (codePoint >= 0xD800 && codePoint <= 0xDFFF)) {
                return name;
            }
            out.appendCodePoint(codePoint);
            i = close + 1;
        }
        return out.toString();
    }
}
