package io.tessera.server.sql;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * ClickHouse's binary output formats, as its format documentation describes them. Integers are
 * little-endian, a String is its UTF-8 length as an unsigned LEB128 number and its bytes,
 * {@code DateTime64(3)} is the Int64 count of milliseconds since the epoch, Float64 the IEEE 754
 * bits.
 * <ul>
 *   <li>{@code RowBinary}: row after row, the values of a row in column order; a
 *       {@code Nullable} value is one byte, 1 for NULL (nothing follows) or 0 before the value.
 *   <li>{@code RowBinaryWithNames} / {@code RowBinaryWithNamesAndTypes}: first the number of
 *       columns (LEB128), the names (Strings) and, for the latter, the type names, then RowBinary.
 *   <li>An {@code Array(T)} value in the row formats is its length (LEB128) and its elements; a
 *       Native array column is every row's end offset (UInt64, cumulative) and then all elements.
 *   <li>{@code Native}: blocks of at most {@link #BLOCK_ROWS} rows (one block, possibly of no rows,
 *       when there is nothing to write): the number of columns and of rows (LEB128), then per
 *       column its name, its type name and its values; a {@code Nullable} column's values are a
 *       map of one byte per row (1 for NULL) followed by every row's value, a default where NULL.
 *       Written as for an HTTP client that names no protocol revision: no block info and no
 *       serialization-kind byte per column.
 * </ul>
 */
final class ClickHouseBinary {

    static final int BLOCK_ROWS = 65_536;

    private ClickHouseBinary() {}

    static byte[] rowBinary(ClickHouseResult result, boolean names, boolean types) {
        Out out = new Out();
        int n = result.names().size();
        if (names) {
            out.varUInt(n);
            for (String name : result.names()) {
                out.string(name);
            }
            if (types) {
                for (int c = 0; c < n; c++) {
                    out.string(result.type(c));
                }
            }
        }
        for (Object[] row : result.rows()) {
            for (int c = 0; c < n; c++) {
                if (result.nullable().get(c)) {
                    out.write(row[c] == null ? 1 : 0);
                    if (row[c] == null) {
                        continue;
                    }
                }
                out.value(result.kinds().get(c), row[c]);
            }
        }
        return out.toByteArray();
    }

    static byte[] nativeBlocks(ClickHouseResult result) {
        Out out = new Out();
        List<Object[]> rows = result.rows();
        int from = 0;
        do {
            int to = Math.min(rows.size(), from + BLOCK_ROWS);
            block(out, result, rows.subList(from, to));
            from = to;
        } while (from < rows.size());
        return out.toByteArray();
    }

    private static void block(Out out, ClickHouseResult result, List<Object[]> rows) {
        int n = result.names().size();
        out.varUInt(n);
        out.varUInt(rows.size());
        for (int c = 0; c < n; c++) {
            out.string(result.names().get(c));
            out.string(result.type(c));
            ClickHouseResult.Kind kind = result.kinds().get(c);
            if (result.nullable().get(c)) {
                for (Object[] row : rows) {
                    out.write(row[c] == null ? 1 : 0);
                }
            }
            if (kind.element() != null) {
                long offset = 0;
                for (Object[] row : rows) {
                    offset += ((List<?>) row[c]).size();
                    out.int64(offset);
                }
                for (Object[] row : rows) {
                    for (Object e : (List<?>) row[c]) {
                        out.value(kind.element(), e);
                    }
                }
                continue;
            }
            for (Object[] row : rows) {
                out.value(kind, row[c] == null ? defaultOf(kind) : row[c]);
            }
        }
    }

    private static Object defaultOf(ClickHouseResult.Kind kind) {
        return switch (kind) {
            case UINT8, INT64, DATETIME64 -> 0L;
            case FLOAT64 -> 0.0;
            case STRING -> "";
            case ARRAY_INT64, ARRAY_FLOAT64, ARRAY_STRING, ARRAY_DATETIME64 -> List.of();
        };
    }

    /** A growing byte buffer with the formats' primitives. */
    private static final class Out extends ByteArrayOutputStream {

        Out() {
            super(256);
        }

        void varUInt(long v) {
            while ((v & ~0x7FL) != 0) {
                write((int) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            write((int) v);
        }

        void int64(long v) {
            for (int i = 0; i < 8; i++) {
                write((int) (v >>> (8 * i)));
            }
        }

        void string(String s) {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            varUInt(bytes.length);
            write(bytes, 0, bytes.length);
        }

        void value(ClickHouseResult.Kind kind, Object v) {
            switch (kind) {
                case UINT8 -> write((int) ((Number) v).longValue());
                case INT64, DATETIME64 -> int64(((Number) v).longValue());
                case FLOAT64 -> int64(Double.doubleToRawLongBits(((Number) v).doubleValue()));
                case STRING -> string((String) v);
                case ARRAY_INT64, ARRAY_FLOAT64, ARRAY_STRING, ARRAY_DATETIME64 -> {
                    List<?> values = (List<?>) v;
                    varUInt(values.size());
                    for (Object e : values) {
                        value(kind.element(), e);
                    }
                }
            }
        }
    }
}
