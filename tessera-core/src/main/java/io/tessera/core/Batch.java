package io.tessera.core;

/**
 * A columnar batch: one primitive or reference array per schema column, all with at least
 * {@code rowCount} entries. Batches are not copied on hand-off; whoever receives one must not
 * write to its arrays.
 */
public final class Batch {

    private final Schema schema;
    private final Object[] columns;
    private final int rowCount;

    public Batch(Schema schema, int rowCount, Object... columns) {
        if (columns.length != schema.size()) {
            throw new InvalidInputException("batch has " + columns.length + " columns, schema " + schema.size());
        }
        for (int i = 0; i < columns.length; i++) {
            int length = lengthOf(schema.column(i), columns[i]);
            if (length < rowCount) {
                throw new InvalidInputException(
                        "column " + schema.column(i).name() + " has " + length + " rows, batch " + rowCount);
            }
        }
        this.schema = schema;
        this.columns = columns;
        this.rowCount = rowCount;
    }

    private static int lengthOf(Column column, Object array) {
        return switch (column.type()) {
            case LONG -> array instanceof long[] a ? a.length : wrongType(column, array);
            case DOUBLE -> array instanceof double[] a ? a.length : wrongType(column, array);
            case STRING -> array instanceof String[] a ? a.length : wrongType(column, array);
            case LABELS -> array instanceof Labels[] a ? a.length : wrongType(column, array);
        };
    }

    private static int wrongType(Column column, Object array) {
        throw new InvalidInputException("column " + column.name() + " of type " + column.type() + " cannot hold "
                + (array == null ? "null" : array.getClass().getSimpleName()));
    }

    public Schema schema() {
        return schema;
    }

    public int rowCount() {
        return rowCount;
    }

    public long[] longs(int column) {
        return (long[]) columns[column];
    }

    public double[] doubles(int column) {
        return (double[]) columns[column];
    }

    public String[] strings(int column) {
        return (String[]) columns[column];
    }

    public Labels[] labels(int column) {
        return (Labels[]) columns[column];
    }

    public long[] longs(String column) {
        return longs(schema.require(column));
    }

    public double[] doubles(String column) {
        return doubles(schema.require(column));
    }

    public Labels[] labels(String column) {
        return labels(schema.require(column));
    }
}
