package io.tessera.ingest.rows;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import io.tessera.core.ColumnType;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * JSON lines: one object per line, keys are column names, blank lines are skipped. The time is
 * an integer of epoch milliseconds or an RFC 3339 string; LONG columns take JSON integers, DOUBLE
 * columns JSON numbers, STRING columns JSON strings; null and nested values are refused.
 */
final class JsonLinesReader {

    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private JsonLinesReader() {}

    static void read(byte[] body, RowBuilder rows) {
        int line = 0;
        int start = 0;
        while (start < body.length) {
            line++;
            int end = start;
            while (end < body.length && body[end] != '\n') {
                end++;
            }
            int stop = end > start && body[end - 1] == '\r' ? end - 1 : end;
            if (!blank(body, start, stop)) {
                readLine(body, start, stop - start, line, rows);
            }
            start = end + 1;
        }
    }

    private static boolean blank(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != ' ' && b[i] != '\t') {
                return false;
            }
        }
        return true;
    }

    private static void readLine(byte[] body, int offset, int length, int line, RowBuilder rows) {
        rows.startRow(line);
        try (JsonParser p = JSON.createParser(body, offset, length)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new RowFormatException(line, null, "a line must be one JSON object");
            }
            JsonToken t;
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                int c = rows.position(p.currentName());
                value(p, p.nextToken(), c, rows);
            }
            if (t != JsonToken.END_OBJECT) {
                throw new RowFormatException(line, null, "malformed JSON object");
            }
            if (p.nextToken() != null) {
                throw new RowFormatException(line, null, "more after the JSON object on the same line");
            }
        } catch (JsonParseException e) {
            throw new RowFormatException(line, null, "malformed JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        rows.endRow();
    }

    private static void value(JsonParser p, JsonToken t, int c, RowBuilder rows) throws IOException {
        ColumnType type = rows.column(c).type();
        String name = rows.column(c).name();
        int line = rows.line();
        if (t == JsonToken.VALUE_NULL) {
            throw new RowFormatException(line, name, "null: every column needs a value");
        }
        if (RowBuilder.isTime(c)) {
            switch (t) {
                case VALUE_NUMBER_INT -> rows.setLong(c, integer(p, line, name));
                case VALUE_STRING -> rows.setText(c, p.getText());
                default ->
                    throw new RowFormatException(
                            line,
                            name,
                            "the time must be an integer of epoch milliseconds or an RFC 3339 string, not "
                                    + describe(p, t));
            }
            return;
        }
        switch (type) {
            case LONG -> {
                if (t != JsonToken.VALUE_NUMBER_INT) {
                    throw new RowFormatException(line, name, "expected an integer (LONG), got " + describe(p, t));
                }
                rows.setLong(c, integer(p, line, name));
            }
            case DOUBLE -> {
                if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
                    throw new RowFormatException(line, name, "expected a number (DOUBLE), got " + describe(p, t));
                }
                rows.setDouble(c, p.getDoubleValue());
            }
            case STRING -> {
                if (t != JsonToken.VALUE_STRING) {
                    throw new RowFormatException(line, name, "expected a string (STRING), got " + describe(p, t));
                }
                rows.setString(c, p.getText());
            }
            case LABELS -> throw new IllegalStateException();
        }
    }

    private static long integer(JsonParser p, int line, String name) throws IOException {
        if (p.getNumberType() != JsonParser.NumberType.INT && p.getNumberType() != JsonParser.NumberType.LONG) {
            throw new RowFormatException(line, name, p.getText() + " is out of the 64-bit integer range");
        }
        return p.getLongValue();
    }

    private static String describe(JsonParser p, JsonToken t) throws IOException {
        return switch (t) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "the string \"" + p.getText() + "\"";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            default -> p.getText();
        };
    }
}
