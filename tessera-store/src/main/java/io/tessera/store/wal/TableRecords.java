package io.tessera.store.wal;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.LimitExceededException;
import io.tessera.core.Schema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The payload of a {@link Frames#TABLE_ROWS} record, one accepted append to a SQL table: the
 * table name, its columns as they were (count, then each name and a type byte: 0 LONG, 1 DOUBLE,
 * 2 STRING), the row count, then column by column the values: LONG as zigzag-varint deltas from
 * the row before (the first from 0), DOUBLE as 8-byte raw IEEE 754 bits, STRING as
 * length-prefixed UTF-8. Strings are UTF-8, varints unsigned LEB128.
 */
final class TableRecords {

    /** A decoded record: the table and its rows under the columns they were logged with. */
    record Rows(String table, Batch rows) {}

    private TableRecords() {}

    /** The whole frame, in an array of exactly its size. */
    static byte[] frame(String table, Batch rows) {
        Schema schema = rows.schema();
        int n = rows.rowCount();
        ByteOut out = new ByteOut(Frames.HEADER + 64 + n * 9 * schema.size());
        int at = Frames.begin(out, Frames.TABLE_ROWS);
        out.string(table);
        out.varint(schema.size());
        for (Column c : schema.columns()) {
            out.string(c.name());
            out.u8(
                    switch (c.type()) {
                        case LONG -> 0;
                        case DOUBLE -> 1;
                        case STRING -> 2;
                        case LABELS -> throw new IllegalArgumentException("a table has no LABELS column");
                    });
        }
        out.varint(n);
        for (int c = 0; c < schema.size(); c++) {
            switch (schema.column(c).type()) {
                case LONG -> {
                    long[] v = rows.longs(c);
                    long previous = 0;
                    for (int r = 0; r < n; r++) {
                        out.zigzag(v[r] - previous);
                        previous = v[r];
                    }
                }
                case DOUBLE -> {
                    double[] v = rows.doubles(c);
                    for (int r = 0; r < n; r++) {
                        out.i64(Double.doubleToRawLongBits(v[r]));
                    }
                }
                case STRING -> {
                    String[] v = rows.strings(c);
                    for (int r = 0; r < n; r++) {
                        out.string(v[r]);
                    }
                }
                case LABELS -> throw new IllegalStateException();
            }
        }
        if (out.size() - at - Frames.HEADER > Frames.MAX_PAYLOAD) {
            throw new LimitExceededException("an append of " + out.size() + " encoded bytes is too large to log");
        }
        Frames.end(out, at);
        return Arrays.copyOf(out.array(), out.size());
    }

    /** Decodes a payload; {@code in} is positioned at its start and must end with it. */
    static Rows read(ByteIn in, int payloadLength) {
        String table = in.string();
        int columns = in.count(payloadLength);
        List<Column> list = new ArrayList<>(columns);
        for (int c = 0; c < columns; c++) {
            String name = in.string();
            int type = in.u8();
            list.add(new Column(
                    name,
                    switch (type) {
                        case 0 -> ColumnType.LONG;
                        case 1 -> ColumnType.DOUBLE;
                        case 2 -> ColumnType.STRING;
                        default -> throw new ByteIn.MalformedException("unknown column type " + type);
                    }));
        }
        Schema schema = new Schema(list);
        int n = in.count(payloadLength);
        Object[] arrays = new Object[columns];
        for (int c = 0; c < columns; c++) {
            switch (schema.column(c).type()) {
                case LONG -> {
                    long[] v = new long[n];
                    long previous = 0;
                    for (int r = 0; r < n; r++) {
                        previous += in.zigzag();
                        v[r] = previous;
                    }
                    arrays[c] = v;
                }
                case DOUBLE -> {
                    double[] v = new double[n];
                    for (int r = 0; r < n; r++) {
                        v[r] = Double.longBitsToDouble(in.i64());
                    }
                    arrays[c] = v;
                }
                case STRING -> {
                    String[] v = new String[n];
                    for (int r = 0; r < n; r++) {
                        v[r] = in.string();
                    }
                    arrays[c] = v;
                }
                case LABELS -> throw new IllegalStateException();
            }
        }
        if (!in.atEnd()) {
            throw new ByteIn.MalformedException("a table rows record has bytes left over after its last column");
        }
        return new Rows(table, new Batch(schema, n, arrays));
    }
}
