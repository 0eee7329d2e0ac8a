package io.tessera.server.sql;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * The ClickHouse output formats Tessera writes: {@code JSON} (an object of {@code meta},
 * {@code data}, {@code rows} and {@code statistics}; {@code bytes_read} is not measured and 0), {@code JSONEachRow} (an object per line),
 * {@code TabSeparated} with or without header lines, and the binary {@code RowBinary} family and
 * {@code Native} ({@link ClickHouseBinary}). In the JSON formats Int64 values are
 * quoted unless {@code output_format_json_quote_64bit_integers=0}, NaN and infinities are null,
 * and {@code /}, U+2028 and U+2029 are escaped, as ClickHouse does.
 */
enum ClickHouseFormat {
    JSON("JSON", "application/json; charset=UTF-8"),
    JSON_EACH_ROW("JSONEachRow", "application/x-ndjson; charset=UTF-8"),
    TAB_SEPARATED("TabSeparated", "text/tab-separated-values; charset=UTF-8"),
    TAB_SEPARATED_WITH_NAMES("TabSeparatedWithNames", "text/tab-separated-values; charset=UTF-8"),
    TAB_SEPARATED_WITH_NAMES_AND_TYPES("TabSeparatedWithNamesAndTypes", "text/tab-separated-values; charset=UTF-8"),
    ROW_BINARY("RowBinary", "application/octet-stream"),
    ROW_BINARY_WITH_NAMES("RowBinaryWithNames", "application/octet-stream"),
    ROW_BINARY_WITH_NAMES_AND_TYPES("RowBinaryWithNamesAndTypes", "application/octet-stream"),
    NATIVE("Native", "application/octet-stream");

    /** The names of every format, for an error naming what is written. */
    static final String NAMES =
            "JSON, JSONEachRow, TabSeparated, TabSeparatedWithNames, TabSeparatedWithNamesAndTypes, "
                    + "RowBinary, RowBinaryWithNames, RowBinaryWithNamesAndTypes and Native";

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final CharacterEscapes ESCAPES = new JavaScriptEscapes();

    final String formatName;
    final String contentType;

    ClickHouseFormat(String formatName, String contentType) {
        this.formatName = formatName;
        this.contentType = contentType;
    }

    /** The format called {@code name} (any case; TSV names the TabSeparated family), or null. */
    static ClickHouseFormat named(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "json" -> JSON;
            case "jsoneachrow", "ndjson", "jsonlines" -> JSON_EACH_ROW;
            case "tabseparated", "tsv" -> TAB_SEPARATED;
            case "tabseparatedwithnames", "tsvwithnames" -> TAB_SEPARATED_WITH_NAMES;
            case "tabseparatedwithnamesandtypes", "tsvwithnamesandtypes" -> TAB_SEPARATED_WITH_NAMES_AND_TYPES;
            case "rowbinary" -> ROW_BINARY;
            case "rowbinarywithnames" -> ROW_BINARY_WITH_NAMES;
            case "rowbinarywithnamesandtypes" -> ROW_BINARY_WITH_NAMES_AND_TYPES;
            case "native" -> NATIVE;
            default -> null;
        };
    }

    /** @param rowsRead the raw rows the run read, for {@code statistics.rows_read} */
    byte[] write(ClickHouseResult result, boolean quote64, double elapsedSeconds, long rowsRead) {
        try {
            return switch (this) {
                case JSON -> json(result, quote64, elapsedSeconds, rowsRead);
                case JSON_EACH_ROW -> jsonEachRow(result, quote64);
                case TAB_SEPARATED -> tsv(result, false, false);
                case TAB_SEPARATED_WITH_NAMES -> tsv(result, true, false);
                case TAB_SEPARATED_WITH_NAMES_AND_TYPES -> tsv(result, true, true);
                case ROW_BINARY -> ClickHouseBinary.rowBinary(result, false, false);
                case ROW_BINARY_WITH_NAMES -> ClickHouseBinary.rowBinary(result, true, false);
                case ROW_BINARY_WITH_NAMES_AND_TYPES -> ClickHouseBinary.rowBinary(result, true, true);
                case NATIVE -> ClickHouseBinary.nativeBlocks(result);
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonGenerator generator(ByteArrayOutputStream out) throws IOException {
        JsonGenerator g = FACTORY.createGenerator(out);
        g.setCharacterEscapes(ESCAPES);
        return g;
    }

    private static byte[] json(ClickHouseResult result, boolean quote64, double elapsed, long rowsRead)
            throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = generator(out)) {
            g.writeStartObject();
            g.writeArrayFieldStart("meta");
            for (int c = 0; c < result.names().size(); c++) {
                g.writeStartObject();
                g.writeStringField("name", result.names().get(c));
                g.writeStringField("type", result.type(c));
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("data");
            for (Object[] row : result.rows()) {
                row(g, result, row, quote64);
            }
            g.writeEndArray();
            g.writeNumberField("rows", result.rows().size());
            g.writeObjectFieldStart("statistics");
            g.writeNumberField("elapsed", elapsed);
            g.writeNumberField("rows_read", rowsRead);
            g.writeNumberField("bytes_read", 0);
            g.writeEndObject();
            g.writeEndObject();
        }
        out.write('\n');
        return out.toByteArray();
    }

    private static byte[] jsonEachRow(ClickHouseResult result, boolean quote64) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Object[] row : result.rows()) {
            try (JsonGenerator g = generator(out)) {
                row(g, result, row, quote64);
            }
            out.write('\n');
        }
        return out.toByteArray();
    }

    private static void row(JsonGenerator g, ClickHouseResult result, Object[] row, boolean quote64)
            throws IOException {
        g.writeStartObject();
        for (int c = 0; c < row.length; c++) {
            g.writeFieldName(result.names().get(c));
            Object v = row[c];
            if (v == null) {
                g.writeNull();
                continue;
            }
            value(g, result.kinds().get(c), v, quote64);
        }
        g.writeEndObject();
    }

    private static void value(JsonGenerator g, ClickHouseResult.Kind kind, Object v, boolean quote64)
            throws IOException {
        switch (kind) {
            case UINT8 -> g.writeNumber(((Number) v).longValue());
            case INT64 -> {
                if (quote64) {
                    g.writeString(Long.toString((Long) v));
                } else {
                    g.writeNumber((Long) v);
                }
            }
            case FLOAT64 -> {
                double d = (Double) v;
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    g.writeNull();
                } else {
                    g.writeRawValue(ClickHouseValues.float64(d));
                }
            }
            case STRING -> g.writeString((String) v);
            case DATETIME64 -> g.writeString(ClickHouseValues.dateTime64((Long) v));
            case ARRAY_INT64, ARRAY_FLOAT64, ARRAY_STRING, ARRAY_DATETIME64 -> {
                g.writeStartArray();
                for (Object e : (List<?>) v) {
                    value(g, kind.element(), e, quote64);
                }
                g.writeEndArray();
            }
        }
    }

    private static byte[] tsv(ClickHouseResult result, boolean names, boolean types) {
        StringBuilder out = new StringBuilder();
        int n = result.names().size();
        if (names) {
            for (int c = 0; c < n; c++) {
                out.append(c == 0 ? "" : "\t");
                ClickHouseValues.escapeTsv(result.names().get(c), out);
            }
            out.append('\n');
        }
        if (types) {
            for (int c = 0; c < n; c++) {
                out.append(c == 0 ? "" : "\t");
                ClickHouseValues.escapeTsv(result.type(c), out);
            }
            out.append('\n');
        }
        for (Object[] row : result.rows()) {
            for (int c = 0; c < n; c++) {
                out.append(c == 0 ? "" : "\t");
                if (row[c] == null) {
                    out.append("\\N");
                } else if (result.kinds().get(c).element() != null) {
                    out.append(ClickHouseValues.text(result.kinds().get(c), row[c]));
                } else {
                    ClickHouseValues.escapeTsv(
                            ClickHouseValues.text(result.kinds().get(c), row[c]), out);
                }
            }
            out.append('\n');
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** JSON escaping as ClickHouse's: the standard escapes plus {@code \/} and U+2028, U+2029. */
    private static final class JavaScriptEscapes extends CharacterEscapes {

        private final int[] ascii;

        JavaScriptEscapes() {
            ascii = standardAsciiEscapesForJSON();
            ascii['/'] = ESCAPE_CUSTOM;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return switch (ch) {
                case '/' -> new SerializedString("\\/");
                case 0x2028 -> new SerializedString("\\u2028");
                case 0x2029 -> new SerializedString("\\u2029");
                default -> null;
            };
        }
    }
}
