/**
 * {@code tessera bench sql} ({@link SqlBenchCommand}): windowed GROUP BY queries on the same
 * {@link SqlBenchTable} in Tessera, exactly and from views, and in an in-process DuckDB, with the
 * rows held in the server's own table store ({@link TableStoreRows}).
 */
package io.tessera.bench.sql;
