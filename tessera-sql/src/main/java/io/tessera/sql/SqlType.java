package io.tessera.sql;

/**
 * The type of a SQL result column. A value of each type is carried in a result row as:
 * BIGINT a {@link Long}, DOUBLE a {@link Double}, VARCHAR a {@link String}, TIMESTAMP a
 * {@link Long} of epoch milliseconds (UTC); SQL NULL is {@code null}.
 */
public enum SqlType {
    BIGINT,
    DOUBLE,
    VARCHAR,
    TIMESTAMP
}
