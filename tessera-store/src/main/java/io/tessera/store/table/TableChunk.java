package io.tessera.store.table;

import io.tessera.core.ColumnType;
import io.tessera.core.Schema;
import io.tessera.core.Search;

/**
 * Up to {@code capacity} rows of one table, columnar and sorted by time: the time column as
 * {@code long[]}, LONG columns as {@code long[]}, DOUBLE as {@code double[]} and STRING as
 * {@code int[]} dictionary codes. Only the table's writer writes, and only to rows no published
 * snapshot covers yet, so readers of a snapshot read without locks.
 */
final class TableChunk {

    final long[] ts;
    final Object[] columns;
    /** Rows written so far; the writer's count, readers use their snapshot's. */
    int filled;

    private TableChunk(long[] ts, Object[] columns) {
        this.ts = ts;
        this.columns = columns;
    }

    /** An empty chunk for the columns {@code 1..} of {@code rowSchema} (column 0 is the time). */
    static TableChunk allocate(Schema rowSchema, int capacity) {
        Object[] columns = new Object[rowSchema.size() - 1];
        for (int c = 0; c < columns.length; c++) {
            columns[c] = switch (rowSchema.column(c + 1).type()) {
                case LONG -> new long[capacity];
                case DOUBLE -> new double[capacity];
                case STRING -> new int[capacity];
                case LABELS -> throw new IllegalArgumentException("a table has no LABELS column");
            };
        }
        return new TableChunk(new long[capacity], columns);
    }

    /** Estimated bytes of a chunk of {@code capacity} rows. */
    static long bytes(Schema rowSchema, int capacity) {
        long perRow = 8;
        for (int c = 1; c < rowSchema.size(); c++) {
            perRow += rowSchema.column(c).type() == ColumnType.STRING ? 4 : 8;
        }
        return 64 + 16L * rowSchema.size() + perRow * capacity;
    }

    int capacity() {
        return ts.length;
    }

    boolean isFull() {
        return filled == ts.length;
    }

    /** Appends row {@code row} of another chunk. */
    void copyRow(TableChunk from, int row) {
        int to = filled++;
        ts[to] = from.ts[row];
        for (int c = 0; c < columns.length; c++) {
            switch (columns[c]) {
                case long[] a -> a[to] = ((long[]) from.columns[c])[row];
                case double[] a -> a[to] = ((double[]) from.columns[c])[row];
                case int[] a -> a[to] = ((int[]) from.columns[c])[row];
                default -> throw new IllegalStateException();
            }
        }
    }

    /** Appends row {@code row} of an encoded batch. */
    void copyRow(EncodedRows from, int row) {
        int to = filled++;
        ts[to] = from.ts()[row];
        for (int c = 0; c < columns.length; c++) {
            switch (columns[c]) {
                case long[] a -> a[to] = ((long[]) from.columns()[c])[row];
                case double[] a -> a[to] = ((double[]) from.columns()[c])[row];
                case int[] a -> a[to] = ((int[]) from.columns()[c])[row];
                default -> throw new IllegalStateException();
            }
        }
    }

    /** The first row in {@code [0, rows)} whose time is after {@code t}. */
    int firstAfter(long t, int rows) {
        return Search.firstAfter(ts, 0, rows, t);
    }
}
