package io.tessera.core;

/** The physical type of a batch column. */
public enum ColumnType {
    /** epoch milliseconds or any other 64-bit integer: {@code long[]} */
    LONG,
    /** sample values and measures: {@code double[]} */
    DOUBLE,
    /** a dimension: {@code String[]} */
    STRING,
    /** a whole label set, one per row: {@code Labels[]} */
    LABELS
}
