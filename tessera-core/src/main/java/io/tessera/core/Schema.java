package io.tessera.core;

import java.util.List;

/** The ordered columns of a batch; a time series is {@code (ts, value, labels)}. */
public record Schema(List<Column> columns) {

    public static final String TS = "ts";
    public static final String VALUE = "value";
    public static final String LABELS = "labels";

    public static final Schema TIME_SERIES = Schema.of(
            new Column(TS, ColumnType.LONG),
            new Column(VALUE, ColumnType.DOUBLE),
            new Column(LABELS, ColumnType.LABELS));

    public Schema {
        columns = List.copyOf(columns);
        for (int i = 0; i < columns.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (columns.get(i).name().equals(columns.get(j).name())) {
                    throw new InvalidInputException(
                            "duplicate column \"" + columns.get(i).name() + "\" in schema");
                }
            }
        }
    }

    public static Schema of(Column... columns) {
        return new Schema(List.of(columns));
    }

    public int size() {
        return columns.size();
    }

    public Column column(int i) {
        return columns.get(i);
    }

    /** The position of {@code name}, or -1. */
    public int indexOf(String name) {
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    public int require(String name) {
        int i = indexOf(name);
        if (i < 0) {
            throw new InvalidInputException("no column \"" + name + "\" in " + this);
        }
        return i;
    }
}
