package io.tessera.promqltest;

import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses a series line: {@code metric{a="b", "c.d"="e"} 1 2+3x4 _ _x2 stale} or
 * {@code {"my.metric"} 5}. Points follow promtool's expanding notation: {@code axN} is N+1 copies
 * of a, {@code a+bxN} and {@code a-bxN} are N+1 values stepping by b, {@code _xN} is N omitted
 * points. Hexadecimal is not allowed in points (the {@code x} would be ambiguous).
 */
final class SeriesLineParser {

    private final String text;
    private int pos;

    private SeriesLineParser(String text) {
        this.text = text;
    }

    /** The series and its points; a malformed line is an {@link IllegalArgumentException}. */
    static SeriesLine parse(String line) {
        return new SeriesLineParser(line).seriesLine();
    }

    /** Only the labels: the whole text must be a series description without points. */
    static Labels parseLabels(String text) {
        SeriesLineParser p = new SeriesLineParser(text);
        Labels labels = p.labels();
        p.skipSpace();
        if (p.pos != text.length()) {
            throw p.error("unexpected text after the labels");
        }
        return labels;
    }

    private SeriesLine seriesLine() {
        Labels labels = labels();
        if (pos >= text.length() || !isSpace(text.charAt(pos))) {
            throw error("expected a space and the points after the labels");
        }
        skipSpace();
        List<SequenceValue> values = new ArrayList<>();
        boolean histogram = false;
        while (pos < text.length()) {
            int start = pos;
            if (text.startsWith("{{", pos)) {
                histogramItem(values);
                histogram = true;
            } else {
                while (pos < text.length() && !isSpace(text.charAt(pos))) {
                    pos++;
                }
                pointItem(text.substring(start, pos), values);
            }
            if (pos < text.length() && !isSpace(text.charAt(pos))) {
                throw error("expected a space between points");
            }
            skipSpace();
        }
        if (values.isEmpty() && !histogram) {
            throw error("no points");
        }
        return new SeriesLine(labels, values, histogram);
    }

    // ---- labels

    private Labels labels() {
        List<String> names = new ArrayList<>();
        List<String> values = new ArrayList<>();
        String metric = null;
        if (pos < text.length() && isNameStart(text.charAt(pos))) {
            metric = identifier(true);
        }
        if (pos < text.length() && text.charAt(pos) == '{') {
            pos++;
            skipSpace();
            while (pos < text.length() && text.charAt(pos) != '}') {
                String name;
                if (isQuote(text.charAt(pos))) {
                    name = quoted();
                    skipSpace();
                    if (pos >= text.length() || text.charAt(pos) != '=') {
                        if (metric != null) {
                            throw error("metric name given twice");
                        }
                        metric = name;
                        name = null;
                    }
                } else if (isNameStart(text.charAt(pos))) {
                    name = identifier(false);
                    skipSpace();
                } else {
                    throw error("expected a label name or \"}\"");
                }
                if (name != null) {
                    expect('=');
                    skipSpace();
                    if (pos >= text.length() || !isQuote(text.charAt(pos))) {
                        throw error("expected a quoted label value");
                    }
                    names.add(name);
                    values.add(quoted());
                    skipSpace();
                }
                if (pos < text.length() && text.charAt(pos) == ',') {
                    pos++;
                    skipSpace();
                } else if (pos >= text.length() || text.charAt(pos) != '}') {
                    throw error("expected \",\" or \"}\"");
                }
            }
            expect('}');
        } else if (metric == null) {
            throw error("expected a metric name or \"{\"");
        }
        if (metric != null) {
            if (names.contains(Labels.METRIC_NAME)) {
                throw error("metric name given twice");
            }
            names.add(Labels.METRIC_NAME);
            values.add(metric);
        }
        try {
            return Labels.fromArrays(names.toArray(String[]::new), values.toArray(String[]::new), names.size());
        } catch (RuntimeException e) {
            throw error(e.getMessage());
        }
    }

    private String identifier(boolean colons) {
        int start = pos;
        while (pos < text.length() && (isNameStart(text.charAt(pos)) || Character.isDigit(text.charAt(pos)))) {
            if (!colons && text.charAt(pos) == ':') {
                break;
            }
            pos++;
        }
        return text.substring(start, pos);
    }

    /** A PromQL string literal ("...", '...' or a raw `...`) with Go's escapes. */
    private String quoted() {
        char quote = text.charAt(pos++);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        while (true) {
            if (pos >= text.length()) {
                throw error("unterminated string");
            }
            char c = text.charAt(pos++);
            if (c == quote) {
                return bytes.toString(StandardCharsets.UTF_8);
            }
            if (c != '\\' || quote == '`') {
                int cp = Character.isHighSurrogate(c) && pos < text.length()
                        ? Character.toCodePoint(c, text.charAt(pos++))
                        : c;
                bytes.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
                continue;
            }
            escape(bytes);
        }
    }

    private void escape(ByteArrayOutputStream bytes) {
        if (pos >= text.length()) {
            throw error("unterminated escape");
        }
        char e = text.charAt(pos++);
        switch (e) {
            case 'a' -> bytes.write(7);
            case 'b' -> bytes.write('\b');
            case 'f' -> bytes.write('\f');
            case 'n' -> bytes.write('\n');
            case 'r' -> bytes.write('\r');
            case 't' -> bytes.write('\t');
            case 'v' -> bytes.write(11);
            case '\\', '"', '\'' -> bytes.write(e);
            case 'x' -> bytes.write(hex(2));
            case 'u' -> bytes.writeBytes(Character.toString(hex(4)).getBytes(StandardCharsets.UTF_8));
            case 'U' -> bytes.writeBytes(Character.toString(hex(8)).getBytes(StandardCharsets.UTF_8));
            default -> {
                if (e >= '0' && e <= '7' && pos + 2 <= text.length()) {
                    int v = Integer.parseInt(text.substring(pos - 1, pos + 2), 8);
                    pos += 2;
                    bytes.write(v);
                } else {
                    throw error("unknown escape \\" + e);
                }
            }
        }
    }

    private int hex(int digits) {
        if (pos + digits > text.length()) {
            throw error("short hexadecimal escape");
        }
        try {
            int v = Integer.parseUnsignedInt(text.substring(pos, pos + digits), 16);
            pos += digits;
            return v;
        } catch (NumberFormatException e) {
            throw error("bad hexadecimal escape");
        }
    }

    // ---- points

    private void histogramItem(List<SequenceValue> values) {
        int close = text.indexOf("}}", pos);
        if (close < 0) {
            throw error("unterminated native histogram \"{{\"");
        }
        pos = close + 2;
        if (text.startsWith("+{{", pos) || text.startsWith("-{{", pos)) {
            close = text.indexOf("}}", pos + 3);
            if (close < 0) {
                throw error("unterminated native histogram \"{{\"");
            }
            pos = close + 2;
        }
        long count = 1;
        if (pos < text.length() && text.charAt(pos) == 'x') {
            int start = ++pos;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
            count = repetitions(text.substring(start, pos)) + 1;
        }
        for (long i = 0; i < count; i++) {
            values.add(SequenceValue.OMITTED);
        }
    }

    private void pointItem(String item, List<SequenceValue> values) {
        if (item.equals("_")) {
            values.add(SequenceValue.OMITTED);
            return;
        }
        if (item.startsWith("_x")) {
            long n = repetitions(item.substring(2));
            for (long i = 0; i < n; i++) {
                values.add(SequenceValue.OMITTED);
            }
            return;
        }
        int[] at = {0};
        double first = value(item, at, true);
        if (at[0] == item.length()) {
            values.add(SequenceValue.of(first));
            return;
        }
        double step = 0;
        char c = item.charAt(at[0]);
        if (c == '+' || c == '-') {
            if (StaleMarker.isStale(first)) {
                throw error("\"stale\" cannot be stepped: " + item);
            }
            at[0]++;
            step = value(item, at, false);
            if (c == '-') {
                step = -step;
            }
            if (at[0] >= item.length() || item.charAt(at[0]) != 'x') {
                throw error("expected \"x<count>\" after the step in " + item);
            }
        } else if (c != 'x') {
            throw error("bad point " + item);
        }
        long n = repetitions(item.substring(at[0] + 1));
        double v = first;
        for (long i = 0; i <= n; i++) {
            values.add(SequenceValue.of(v));
            v += step;
        }
    }

    /** A number, Inf or NaN at {@code at[0]}, optionally signed; with {@code allowStale}, "stale". */
    private double value(String item, int[] at, boolean allowStale) {
        int start = at[0];
        int i = start;
        if (i < item.length() && (item.charAt(i) == '+' || item.charAt(i) == '-')) {
            if (!allowStale) {
                throw error("bad step in " + item);
            }
            i++;
        }
        int body = i;
        if (i < item.length() && Character.isLetter(item.charAt(i))) {
            while (i < item.length() && Character.isLetter(item.charAt(i))) {
                i++;
            }
            String word = item.substring(body, i);
            at[0] = i;
            if (allowStale && body == start && word.equals("stale")) {
                return StaleMarker.VALUE;
            }
            String lower = word.toLowerCase();
            if (lower.equals("inf") || lower.equals("nan")) {
                return Floats.parse(item.substring(start, i));
            }
            throw error("expected a number or \"stale\", got " + item);
        }
        while (i < item.length() && Character.isDigit(item.charAt(i))) {
            i++;
        }
        if (i < item.length() && item.charAt(i) == '.') {
            i++;
            while (i < item.length() && Character.isDigit(item.charAt(i))) {
                i++;
            }
        }
        if (i < item.length() && (item.charAt(i) == 'e' || item.charAt(i) == 'E')) {
            i++;
            if (i < item.length() && (item.charAt(i) == '+' || item.charAt(i) == '-')) {
                i++;
            }
            while (i < item.length() && Character.isDigit(item.charAt(i))) {
                i++;
            }
        }
        if (i == body
                || (i < item.length() && item.charAt(i) != 'x' && item.charAt(i) != '+' && item.charAt(i) != '-')) {
            throw error("bad number in " + item);
        }
        at[0] = i;
        try {
            return Floats.parse(item.substring(start, i));
        } catch (NumberFormatException e) {
            throw error("bad number in " + item);
        }
    }

    private long repetitions(String digits) {
        if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit)) {
            throw error("invalid repetition count \"" + digits + "\"");
        }
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw error("invalid repetition count \"" + digits + "\"");
        }
    }

    // ---- characters

    private void expect(char c) {
        if (pos >= text.length() || text.charAt(pos) != c) {
            throw error("expected \"" + c + "\"");
        }
        pos++;
    }

    private void skipSpace() {
        while (pos < text.length() && isSpace(text.charAt(pos))) {
            pos++;
        }
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t';
    }

    private static boolean isNameStart(char c) {
        return c == '_' || c == ':' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isQuote(char c) {
        return c == '"' || c == '\'' || c == '`';
    }

    private IllegalArgumentException error(String what) {
        return new IllegalArgumentException(what + " at column " + (pos + 1) + " of \"" + text + "\"");
    }
}
