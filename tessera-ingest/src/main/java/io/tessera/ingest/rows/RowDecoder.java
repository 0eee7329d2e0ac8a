package io.tessera.ingest.rows;

import io.tessera.core.TableSchema;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Decodes and validates a whole body of posted rows into a batch of the table's row schema.
 * Nothing is kept from a body that fails: the first problem is a {@link RowFormatException}
 * naming its line and, where one is to blame, its column.
 */
public final class RowDecoder {

    private RowDecoder() {}

    public static DecodedRows decode(TableSchema table, RowFormat format, byte[] body) {
        RowBuilder rows = new RowBuilder(table);
        switch (format) {
            case JSON_LINES -> JsonLinesReader.read(body, rows);
            case CSV -> CsvRowReader.read(utf8(body), rows);
        }
        return rows.finish();
    }

    /** The body as text, refusing bytes that are not UTF-8 with the line they are on. */
    static String utf8(byte[] body) {
        CharsetDecoder decoder = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(body);
        CharBuffer out = CharBuffer.allocate(body.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            int line = 1;
            for (int i = 0; i < in.position(); i++) {
                if (body[i] == '\n') {
                    line++;
                }
            }
            throw new RowFormatException(line, null, "the body is not UTF-8 (byte offset " + in.position() + ")");
        }
        decoder.flush(out);
        out.flip();
        String text = out.toString();
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }
}
