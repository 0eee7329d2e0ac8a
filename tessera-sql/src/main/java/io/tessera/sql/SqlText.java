package io.tessera.sql;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ClickHouse clients end a query with {@code FORMAT <name>}: an output format for the HTTP
 * interface, not part of the query. This splits it off (and a trailing semicolon).
 */
public final class SqlText {

    private static final Pattern FORMAT =
            Pattern.compile("(?is)^(.*?)\\s+FORMAT\\s+([A-Za-z][A-Za-z0-9_]*)\\s*;?\\s*$");

    /** The query without its FORMAT clause, and the format's name as written (null when there is none). */
    public record Formatted(String query, String format) {}

    private SqlText() {}

    public static Formatted splitFormat(String sql) {
        Matcher m = FORMAT.matcher(sql);
        if (m.matches() && !insideQuotes(m.group(1))) {
            return new Formatted(m.group(1), m.group(2));
        }
        return new Formatted(sql, null);
    }

    /** Whether {@code prefix} ends inside a string literal or a quoted identifier. */
    private static boolean insideQuotes(String prefix) {
        char open = 0;
        for (int i = 0; i < prefix.length(); i++) {
            char c = prefix.charAt(i);
            if (open == 0 && (c == '\'' || c == '"' || c == '`')) {
                open = c;
            } else if (open != 0 && c == open) {
                open = 0;
            }
        }
        return open != 0;
    }
}
