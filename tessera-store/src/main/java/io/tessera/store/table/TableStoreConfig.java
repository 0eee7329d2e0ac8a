package io.tessera.store.table;

import io.tessera.core.InvalidInputException;

/**
 * Settings of a table store.
 *
 * @param retentionMillis   rows at or before {@code now - retention} are dropped chunk by chunk and refused on ingest
 * @param memoryLimitBytes  the estimated memory above which appends are refused
 * @param rowsPerChunk      the row capacity of one chunk
 */
public record TableStoreConfig(long retentionMillis, long memoryLimitBytes, int rowsPerChunk) {

    public static final long DEFAULT_RETENTION_MILLIS = 15L * 24 * 3600 * 1000;
    public static final int DEFAULT_ROWS_PER_CHUNK = 4096;

    public TableStoreConfig {
        if (retentionMillis <= 0) {
            throw new InvalidInputException("retention must be positive: " + retentionMillis);
        }
        if (memoryLimitBytes <= 0) {
            throw new InvalidInputException("memory limit must be positive: " + memoryLimitBytes);
        }
        if (rowsPerChunk < 2 || rowsPerChunk > 1 << 20) {
            throw new InvalidInputException("rows per chunk must be in [2, 1048576]: " + rowsPerChunk);
        }
    }

    public static TableStoreConfig defaults() {
        return new TableStoreConfig(DEFAULT_RETENTION_MILLIS, Long.MAX_VALUE, DEFAULT_ROWS_PER_CHUNK);
    }

    public TableStoreConfig withRetention(long millis) {
        return new TableStoreConfig(millis, memoryLimitBytes, rowsPerChunk);
    }

    public TableStoreConfig withMemoryLimit(long bytes) {
        return new TableStoreConfig(retentionMillis, bytes, rowsPerChunk);
    }

    public TableStoreConfig withRowsPerChunk(int rows) {
        return new TableStoreConfig(retentionMillis, memoryLimitBytes, rows);
    }
}
