package io.tessera.ingest.rows;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.Schema;
import io.tessera.core.TableSchema;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Collects rows column by column into primitive arrays of the table's row schema. Every column
 * of a row must be given exactly once (the store has no NULL); a row is checked whole when it ends.
 */
final class RowBuilder {

    private final TableSchema table;
    private final Schema schema;
    private final Map<String, Integer> positions = new HashMap<>();
    private final Object[] columns;
    private final boolean[] given;
    private int[] lines = new int[64];
    private int capacity = 64;
    private int rows;
    private int line;

    RowBuilder(TableSchema table) {
        this.table = table;
        this.schema = table.rowSchema();
        this.columns = new Object[schema.size()];
        this.given = new boolean[schema.size()];
        for (int c = 0; c < schema.size(); c++) {
            positions.put(schema.column(c).name(), c);
            columns[c] = switch (schema.column(c).type()) {
                case LONG -> new long[capacity];
                case DOUBLE -> new double[capacity];
                case STRING -> new String[capacity];
                case LABELS -> throw new IllegalArgumentException("a table has no LABELS column");
            };
        }
    }

    /** The position of column {@code name}, refusing a name the table does not have. */
    int position(String name) {
        Integer at = positions.get(name);
        if (at == null) {
            throw new RowFormatException(line, name, "table \"" + table.name() + "\" has no such column");
        }
        return at;
    }

    int columnCount() {
        return columns.length;
    }

    Column column(int position) {
        return schema.column(position);
    }

    /** Whether {@code position} is the time column. */
    static boolean isTime(int position) {
        return position == 0;
    }

    void startRow(int bodyLine) {
        line = bodyLine;
        if (rows == capacity) {
            capacity *= 2;
            lines = Arrays.copyOf(lines, capacity);
            for (int c = 0; c < columns.length; c++) {
                columns[c] = switch (columns[c]) {
                    case long[] a -> Arrays.copyOf(a, capacity);
                    case double[] a -> Arrays.copyOf(a, capacity);
                    case String[] a -> Arrays.copyOf(a, capacity);
                    default -> throw new IllegalStateException();
                };
            }
        }
        Arrays.fill(given, false);
    }

    int line() {
        return line;
    }

    private void give(int c) {
        if (given[c]) {
            throw new RowFormatException(line, schema.column(c).name(), "given twice");
        }
        given[c] = true;
    }

    void setLong(int c, long v) {
        give(c);
        ((long[]) columns[c])[rows] = v;
    }

    void setDouble(int c, double v) {
        give(c);
        ((double[]) columns[c])[rows] = v;
    }

    void setString(int c, String v) {
        give(c);
        ((String[]) columns[c])[rows] = v;
    }

    void endRow() {
        for (int c = 0; c < given.length; c++) {
            if (!given[c]) {
                throw new RowFormatException(
                        line,
                        schema.column(c).name(),
                        c == 0 ? "the row has no time" : "the row has no value for the column");
            }
        }
        lines[rows++] = line;
    }

    DecodedRows finish() {
        return new DecodedRows(new Batch(schema, rows, columns), Arrays.copyOf(lines, rows));
    }

    /** Parses {@code text} as column {@code c}'s type and sets it. */
    void setText(int c, String text) {
        try {
            switch (schema.column(c).type()) {
                case LONG -> setLong(c, isTime(c) ? FieldValues.time(text) : FieldValues.integer(text, "a LONG"));
                case DOUBLE -> setDouble(c, FieldValues.decimal(text));
                case STRING -> setString(c, text);
                case LABELS -> throw new IllegalStateException();
            }
        } catch (IllegalArgumentException e) {
            throw new RowFormatException(line, schema.column(c).name(), e.getMessage());
        }
    }
}
