package io.tessera.sql;

/**
 * ClickHouse writes parametric aggregates as {@code name(params)(args)}, which JSqlParser does
 * not read. Before parsing, each such call becomes {@code name__parametric(params, args)}; string
 * literals, quoted identifiers and comments are left alone.
 */
final class ParametricCalls {

    static final String SUFFIX = "__parametric";

    private ParametricCalls() {}

    static String rewrite(String sql) {
        StringBuilder out = new StringBuilder(sql.length() + 16);
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                int end = skipQuoted(sql, i, c);
                out.append(sql, i, end);
                i = end;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int end = sql.indexOf('\n', i);
                end = end < 0 ? n : end;
                out.append(sql, i, end);
                i = end;
            } else if (Character.isLetter(c) || c == '_') {
                int end = i;
                while (end < n && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
                    end++;
                }
                int open = skipSpaces(sql, end);
                int close = open < n && sql.charAt(open) == '(' ? matching(sql, open) : -1;
                int second = close < 0 ? -1 : skipSpaces(sql, close + 1);
                if (close >= 0 && second < n && sql.charAt(second) == '(') {
                    int secondClose = matching(sql, second);
                    if (secondClose > 0) {
                        out.append(sql, i, end)
                                .append(SUFFIX)
                                .append('(')
                                .append(sql, open + 1, close)
                                .append(", ")
                                .append(sql, second + 1, secondClose)
                                .append(')');
                        i = secondClose + 1;
                        continue;
                    }
                }
                out.append(sql, i, end);
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static int skipSpaces(String s, int i) {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int skipQuoted(String s, int start, char quote) {
        int i = start + 1;
        while (i < s.length()) {
            if (s.charAt(i) == quote) {
                if (i + 1 < s.length() && s.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return s.length();
    }

    /** The index of the parenthesis closing the one at {@code open}, or -1. */
    private static int matching(String s, int open) {
        int depth = 0;
        int i = open;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '\'' || c == '"' || c == '`') {
                i = skipQuoted(s, i, c);
                continue;
            }
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
            i++;
        }
        return -1;
    }
}
