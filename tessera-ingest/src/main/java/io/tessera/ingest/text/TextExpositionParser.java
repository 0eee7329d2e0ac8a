package io.tessera.ingest.text;

import io.tessera.core.Labels;
import io.tessera.core.LabelsInterner;
import io.tessera.ingest.IngestOptions;
import io.tessera.ingest.InvalidSeriesException;
import io.tessera.ingest.PayloadTooLargeException;
import io.tessera.ingest.TextFormatException;
import io.tessera.ingest.WriteBatch;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.ingest.WriteRejectedException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Parses the Prometheus text exposition format 0.0.4 into the same validated {@link WriteBatch}
 * the remote-write decoder produces. Each sample line becomes one series with one sample; lines
 * without a timestamp get the caller's default. Histograms and summaries are ordinary series
 * ({@code _bucket}, {@code _sum}, {@code _count}, {@code quantile}). {@code # HELP} and
 * {@code # TYPE} lines are checked and counted as metadata, one per metric family; other
 * comments and blank lines are ignored. The whole input is checked before anything is returned;
 * the first error is reported with its line and column. Thread-safe.
 */
public final class TextExpositionParser {

    private static final String[] TYPES = {"counter", "gauge", "histogram", "summary", "untyped"};
    private static final String[] FAMILY_SUFFIXES = {"", "_bucket", "_sum", "_count"};
    private static final int HAS_HELP = 1;
    private static final int HAS_TYPE = 2;

    private final IngestOptions options;
    private final LabelsInterner interner;

    public TextExpositionParser() {
        this(IngestOptions.DEFAULTS, null);
    }

    /** @param interner shares equal label sets across calls, or null */
    public TextExpositionParser(IngestOptions options, LabelsInterner interner) {
        this.options = options;
        this.interner = interner;
    }

    /**
     * @throws WriteRejectedException 400 ({@link TextFormatException}) for a line that does not
     *     parse or validate, 413 when the body is larger than the configured limit
     */
    public WriteBatch parse(byte[] body, long defaultTimestampMs) {
        return parse(body, 0, body.length, defaultTimestampMs);
    }

    public WriteBatch parse(byte[] body, int offset, int length, long defaultTimestampMs) {
        Objects.checkFromIndexSize(offset, length, body.length);
        if (length > options.maxUncompressedBytes()) {
            throw new PayloadTooLargeException("text exposition", length, options.maxUncompressedBytes());
        }
        CharBuffer chars = CharBuffer.allocate(length);
        ByteBuffer bytes = ByteBuffer.wrap(body, offset, length);
        CoderResult result = StandardCharsets.UTF_8.newDecoder().decode(bytes, chars, true);
        if (result.isError()) {
            throw invalidUtf8(body, offset, bytes.position());
        }
        return new Run(chars.array(), chars.position(), defaultTimestampMs).parse();
    }

    public WriteBatch parse(String text, long defaultTimestampMs) {
        return parse(text.getBytes(StandardCharsets.UTF_8), defaultTimestampMs);
    }

    private static TextFormatException invalidUtf8(byte[] body, int offset, int at) {
        int line = 1;
        int lineStart = offset;
        for (int i = offset; i < at; i++) {
            if (body[i] == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        String prefix = new String(body, lineStart, at - lineStart, StandardCharsets.UTF_8);
        int column = prefix.codePointCount(0, prefix.length()) + 1;
        return new TextFormatException(new TextFormatException.Detail(line, column, "invalid UTF-8"), null);
    }

    /** The state of parsing one exposition. */
    private final class Run {

        private final char[] c;
        private final int n;
        private final long defaultTimestamp;
        private final WriteBatchBuilder batch;
        private final Map<String, Integer> families = new HashMap<>();
        private final Set<String> sampleNames = new HashSet<>();
        private int line;
        private int lineStart;
        private int lineEnd;
        private String lastMetricName = "";
        private String[] names = new String[8];
        private String[] values = new String[8];
        private String[] parsedNames = new String[8];
        private int[] positions = new int[8];
        private int labelCount;
        private String quoted;
        /** The metric name of a sample written as a quoted string inside its braces, or null. */
        private String quotedMetricName;

        Run(char[] c, int n, long defaultTimestamp) {
            this.c = c;
            this.n = n;
            this.defaultTimestamp = defaultTimestamp;
            this.batch = new WriteBatchBuilder(
                    options.nameValidation(), interner, Math.max(16, n / 48), Math.max(16, n / 48));
        }

        WriteBatch parse() {
            int pos = 0;
            while (pos < n) {
                line++;
                lineStart = pos;
                int newline = pos;
                while (newline < n && c[newline] != '\n') {
                    newline++;
                }
                lineEnd = newline > pos && c[newline - 1] == '\r' ? newline - 1 : newline;
                parseLine();
                pos = newline + 1;
            }
            batch.addMetadata(families.size());
            return batch.build();
        }

        private void parseLine() {
            int i = skipBlanks(lineStart);
            if (i == lineEnd) {
                return;
            }
            if (c[i] == '#') {
                parseComment(i + 1);
            } else {
                parseSample(i);
            }
        }

        private void parseComment(int from) {
            int wordStart = skipBlanks(from);
            int wordEnd = tokenEnd(wordStart);
            boolean help = regionIs(wordStart, wordEnd, "HELP");
            if (!help && !regionIs(wordStart, wordEnd, "TYPE")) {
                return;
            }
            int nameStart = skipBlanks(wordEnd);
            boolean quotedName = nameStart < lineEnd && c[nameStart] == '"';
            int nameEnd = quotedName ? parseQuoted(nameStart, "quoted metric name") : metricNameEnd(nameStart);
            if (nameEnd == nameStart || (nameEnd < lineEnd && !isBlank(c[nameEnd]))) {
                throw fail(nameEnd == nameStart ? nameStart : nameEnd, "invalid metric name in comment");
            }
            String family = quotedName ? quoted : new String(c, nameStart, nameEnd - nameStart);
            int seen = families.getOrDefault(family, 0);
            if (help) {
                if ((seen & HAS_HELP) != 0) {
                    throw fail(wordStart, "second HELP line for metric name \"" + family + "\"");
                }
                checkHelpText(nameEnd);
                families.put(family, seen | HAS_HELP);
                return;
            }
            if ((seen & HAS_TYPE) != 0 || hasSamples(family)) {
                throw fail(
                        wordStart,
                        "second TYPE line for metric name \"" + family + "\", or TYPE reported after samples");
            }
            int typeStart = skipBlanks(nameEnd);
            int typeEnd = tokenEnd(typeStart);
            if (typeStart == typeEnd) {
                throw fail(typeStart, "missing metric type for \"" + family + "\"");
            }
            if (!isType(typeStart, typeEnd)) {
                throw fail(typeStart, "unknown metric type \"" + new String(c, typeStart, typeEnd - typeStart) + "\"");
            }
            int rest = skipBlanks(typeEnd);
            if (rest < lineEnd) {
                throw fail(rest, "unexpected text after metric type");
            }
            families.put(family, seen | HAS_TYPE);
        }

        private void checkHelpText(int from) {
            for (int i = from; i < lineEnd; i++) {
                if (c[i] == '\\') {
                    if (i + 1 == lineEnd || (c[i + 1] != '\\' && c[i + 1] != 'n')) {
                        throw fail(i, "invalid escape sequence in HELP text");
                    }
                    i++;
                }
            }
        }

        private boolean hasSamples(String family) {
            for (String suffix : FAMILY_SUFFIXES) {
                if (sampleNames.contains(family + suffix)) {
                    return true;
                }
            }
            return false;
        }

        private void parseSample(int start) {
            labelCount = 0;
            quotedMetricName = null;
            int i;
            String metricName;
            if (c[start] == '{') {
                i = parseLabels(start + 1, true);
                if (quotedMetricName == null) {
                    throw fail(start, "invalid metric name");
                }
                metricName = quotedMetricName;
            } else {
                int nameEnd = metricNameEnd(start);
                if (nameEnd == start) {
                    throw fail(start, "invalid metric name");
                }
                metricName = metricName(start, nameEnd);
                addLabel(Labels.METRIC_NAME, metricName, start);
                if (nameEnd < lineEnd && c[nameEnd] != '{' && !isBlank(c[nameEnd])) {
                    throw fail(nameEnd, "unexpected character '" + c[nameEnd] + "' after metric name");
                }
                i = skipBlanks(nameEnd);
                if (i < lineEnd && c[i] == '{') {
                    i = parseLabels(i + 1, false);
                }
            }
            int valueStart = skipBlanks(i);
            if (valueStart == lineEnd) {
                throw fail(valueStart, "missing value");
            }
            int valueEnd = tokenEnd(valueStart);
            if (!FloatSyntax.isValue(c, valueStart, valueEnd)) {
                throw fail(valueStart, "invalid value \"" + new String(c, valueStart, valueEnd - valueStart) + "\"");
            }
            double value = FloatSyntax.parseValue(c, valueStart, valueEnd);
            long timestamp = defaultTimestamp;
            int tsStart = skipBlanks(valueEnd);
            if (tsStart < lineEnd) {
                int tsEnd = tokenEnd(tsStart);
                timestamp = FloatSyntax.parseTimestamp(c, tsStart, tsEnd);
                if (timestamp == Long.MIN_VALUE) {
                    throw fail(tsStart, "invalid timestamp \"" + new String(c, tsStart, tsEnd - tsStart) + "\"");
                }
                int rest = skipBlanks(tsEnd);
                if (rest < lineEnd) {
                    throw fail(rest, "unexpected text after timestamp");
                }
            }
            sampleNames.add(metricName);
            batch.addSample(timestamp, value);
            try {
                batch.endSeries(names, values, labelCount);
            } catch (InvalidSeriesException e) {
                throw new TextFormatException(
                        new TextFormatException.Detail(
                                line, column(positionOf(e.detail().labelName(), start)), e.getMessage()),
                        e);
            }
        }

        /**
         * Parses {@code name="value", ...}} after the opening brace; returns the index after the
         * closing one. A name may be quoted ({@code "label.name"="value"}); when {@code nameInside},
         * the metric name is the first item, a quoted string alone ({@code {"my.metric", a="b"}}).
         */
        private int parseLabels(int from, boolean nameInside) {
            int i = from;
            boolean first = true;
            while (true) {
                i = skipBlanks(i);
                if (i == lineEnd) {
                    throw fail(i, "unexpected end of line in label set");
                }
                if (c[i] == '}') {
                    return i + 1;
                }
                int nameStart = i;
                String name;
                if (c[i] == '"') {
                    int nameEnd = parseQuoted(nameStart, "quoted name");
                    name = quoted;
                    i = skipBlanks(nameEnd);
                    if (nameInside && first && (i == lineEnd || c[i] != '=')) {
                        quotedMetricName = name;
                        addLabel(Labels.METRIC_NAME, name, nameStart);
                        first = false;
                        if (i < lineEnd && c[i] == ',') {
                            i++;
                        } else if (i == lineEnd || c[i] != '}') {
                            throw fail(i, "expected ',' or '}' after the metric name");
                        }
                        continue;
                    }
                } else {
                    int nameEnd = labelNameEnd(nameStart);
                    if (nameEnd == nameStart) {
                        throw fail(nameStart, "invalid label name");
                    }
                    name = new String(c, nameStart, nameEnd - nameStart);
                    i = skipBlanks(nameEnd);
                }
                first = false;
                if (i == lineEnd || c[i] != '=') {
                    throw fail(i, "expected '=' after label name \"" + name + "\"");
                }
                i = skipBlanks(i + 1);
                if (i == lineEnd || c[i] != '"') {
                    throw fail(i, "expected '\"' to start the value of label \"" + name + "\"");
                }
                i = parseQuoted(i, "value of label \"" + name + "\"");
                addLabel(name, quoted, nameStart);
                i = skipBlanks(i);
                if (i < lineEnd && c[i] == ',') {
                    i++;
                } else if (i == lineEnd || c[i] != '}') {
                    throw fail(i, "expected ',' or '}' after the value of label \"" + name + "\"");
                }
            }
        }

        /** Reads the quoted value starting at {@code open} into {@link #quoted}; returns the index after the closing quote. */
        private int parseQuoted(int open, String what) {
            int i = open + 1;
            while (i < lineEnd && c[i] != '"' && c[i] != '\\') {
                i++;
            }
            if (i < lineEnd && c[i] == '"') {
                quoted = new String(c, open + 1, i - open - 1);
                return i + 1;
            }
            StringBuilder sb = new StringBuilder(i - open + 16).append(c, open + 1, i - open - 1);
            while (i < lineEnd && c[i] != '"') {
                if (c[i] == '\\') {
                    if (i + 1 == lineEnd) {
                        break;
                    }
                    char e = c[i + 1];
                    switch (e) {
                        case '\\' -> sb.append('\\');
                        case '"' -> sb.append('"');
                        case 'n' -> sb.append('\n');
                        default -> throw fail(i, "invalid escape sequence \"\\" + e + "\" in the " + what);
                    }
                    i += 2;
                } else {
                    sb.append(c[i++]);
                }
            }
            if (i == lineEnd) {
                throw fail(open, "unterminated " + what);
            }
            quoted = sb.toString();
            return i + 1;
        }

        private void addLabel(String name, String value, int position) {
            if (labelCount == names.length) {
                int capacity = labelCount * 2;
                names = Arrays.copyOf(names, capacity);
                values = Arrays.copyOf(values, capacity);
                parsedNames = Arrays.copyOf(parsedNames, capacity);
                positions = Arrays.copyOf(positions, capacity);
            }
            names[labelCount] = name;
            values[labelCount] = value;
            parsedNames[labelCount] = name;
            positions[labelCount] = position;
            labelCount++;
        }

        /** Where the label a series problem is about was written last; the line's sample otherwise. */
        private int positionOf(String labelName, int fallback) {
            for (int i = labelCount - 1; labelName != null && i >= 0; i--) {
                if (parsedNames[i].equals(labelName)) {
                    return positions[i];
                }
            }
            return fallback;
        }

        private String metricName(int start, int end) {
            int len = end - start;
            String last = lastMetricName;
            if (last.length() == len) {
                boolean same = true;
                for (int i = 0; i < len && same; i++) {
                    same = last.charAt(i) == c[start + i];
                }
                if (same) {
                    return last;
                }
            }
            lastMetricName = new String(c, start, len);
            return lastMetricName;
        }

        private boolean isType(int start, int end) {
            for (String type : TYPES) {
                if (end - start == type.length()) {
                    boolean same = true;
                    for (int i = 0; i < type.length() && same; i++) {
                        same = Character.toLowerCase(c[start + i]) == type.charAt(i);
                    }
                    if (same) {
                        return true;
                    }
                }
            }
            return false;
        }

        private boolean regionIs(int start, int end, String word) {
            if (end - start != word.length()) {
                return false;
            }
            for (int i = 0; i < word.length(); i++) {
                if (c[start + i] != word.charAt(i)) {
                    return false;
                }
            }
            return true;
        }

        private int skipBlanks(int i) {
            while (i < lineEnd && isBlank(c[i])) {
                i++;
            }
            return i;
        }

        private int tokenEnd(int i) {
            while (i < lineEnd && !isBlank(c[i])) {
                i++;
            }
            return i;
        }

        private int metricNameEnd(int i) {
            if (i == lineEnd || !(isLetter(c[i]) || c[i] == '_' || c[i] == ':')) {
                return i;
            }
            i++;
            while (i < lineEnd && (isLetter(c[i]) || isDigit(c[i]) || c[i] == '_' || c[i] == ':')) {
                i++;
            }
            return i;
        }

        private int labelNameEnd(int i) {
            if (i == lineEnd || !(isLetter(c[i]) || c[i] == '_')) {
                return i;
            }
            i++;
            while (i < lineEnd && (isLetter(c[i]) || isDigit(c[i]) || c[i] == '_')) {
                i++;
            }
            return i;
        }

        private int column(int at) {
            return Character.codePointCount(c, lineStart, at - lineStart) + 1;
        }

        private TextFormatException fail(int at, String reason) {
            return new TextFormatException(new TextFormatException.Detail(line, column(at), reason), null);
        }
    }

    private static boolean isBlank(char ch) {
        return ch == ' ' || ch == '\t';
    }

    private static boolean isLetter(char ch) {
        return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
    }

    private static boolean isDigit(char ch) {
        return ch >= '0' && ch <= '9';
    }
}
