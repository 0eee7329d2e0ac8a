package io.tessera.sql;

/**
 * The type of a SQL result column. A value of each type is carried in a result row as:
 * BIGINT a {@link Long}, DOUBLE a {@link Double}, VARCHAR a {@link String}, TIMESTAMP a
 * {@link Long} of epoch milliseconds (UTC); SQL NULL is {@code null}. The array types (the
 * result of {@code topK}) are a {@link java.util.List} of their element's values, never NULL
 * inside.
 */
public enum SqlType {
    BIGINT,
    DOUBLE,
    VARCHAR,
    TIMESTAMP,
    ARRAY_BIGINT,
    ARRAY_DOUBLE,
    ARRAY_VARCHAR,
    ARRAY_TIMESTAMP;

    public boolean isArray() {
        return element() != null;
    }

    /** An array's element type; null for a scalar type. */
    public SqlType element() {
        return switch (this) {
            case ARRAY_BIGINT -> BIGINT;
            case ARRAY_DOUBLE -> DOUBLE;
            case ARRAY_VARCHAR -> VARCHAR;
            case ARRAY_TIMESTAMP -> TIMESTAMP;
            default -> null;
        };
    }

    /** The array of this scalar type. */
    public SqlType array() {
        return switch (this) {
            case BIGINT -> ARRAY_BIGINT;
            case DOUBLE -> ARRAY_DOUBLE;
            case VARCHAR -> ARRAY_VARCHAR;
            case TIMESTAMP -> ARRAY_TIMESTAMP;
            default -> throw new IllegalArgumentException("no array of " + this);
        };
    }
}
