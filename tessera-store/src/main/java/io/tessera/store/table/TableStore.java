package io.tessera.store.table;

import io.tessera.core.Batch;
import io.tessera.core.Interval;
import io.tessera.core.Schema;
import io.tessera.core.TableCatalog;
import io.tessera.core.TableSchema;
import io.tessera.store.memory.MemoryLimit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of the SQL tables a deployment declares: per table, append-only columnar chunks
 * (primitive arrays, strings dictionary-encoded), each chunk sorted by time so a time range is
 * two binary searches per chunk. Rows may arrive in any time order; an append is applied whole
 * or not at all and becomes visible to readers at once, and readers never wait for a writer.
 * Retention drops whole chunks, and rows at or before the last retention cutoff are refused.
 */
public final class TableStore {

    private final TableCatalog catalog;
    private final TableStoreConfig config;
    private final MemoryLimit memory;
    private final Map<String, TableData> tables = new LinkedHashMap<>();

    public TableStore(TableCatalog catalog, TableStoreConfig config) {
        this.catalog = catalog;
        this.config = config;
        this.memory = new MemoryLimit(config.memoryLimitBytes());
        for (TableSchema schema : catalog.tables().values()) {
            tables.put(schema.name(), new TableData(schema, config.rowsPerChunk(), memory));
        }
    }

    /** A store of no tables. */
    public static TableStore empty() {
        return new TableStore(TableCatalog.EMPTY, TableStoreConfig.defaults());
    }

    public TableCatalog catalog() {
        return catalog;
    }

    public TableStoreConfig config() {
        return config;
    }

    /** @throws UnknownTableException when no table is called {@code table} */
    public TableSchema schema(String table) {
        return data(table).schema();
    }

    /**
     * Appends {@code rows}, a batch of exactly the table's {@link TableSchema#rowSchema()}, all or
     * nothing, visible to readers at once.
     *
     * @return the rows appended
     * @throws UnknownTableException when no table is called {@code table}
     * @throws RowRejectedException naming the first row that cannot be stored (at or before the retention cutoff)
     * @throws io.tessera.core.LimitExceededException when the memory limit would be exceeded
     */
    public int append(String table, Batch rows) {
        return data(table).append(rows);
    }

    /**
     * As {@link #append(String, Batch)}, and {@code logged} runs under the table's lock once the
     * append can no longer be refused, just before it is applied; when it throws, nothing is applied.
     */
    public int append(String table, Batch rows, Runnable logged) {
        return data(table).append(rows, logged, false);
    }

    /** Applies rows recovered from a log: accepted once, so neither the memory limit nor the retention cutoff refuses them. */
    public int replay(String table, Batch rows) {
        return data(table).append(rows, null, true);
    }

    /** Whether {@code table} is declared. */
    public boolean has(String table) {
        return tables.containsKey(table);
    }

    /**
     * The rows of {@code table} in {@code range} ({@code (start, end]}; all rows when null) with
     * exactly the requested columns, one batch per chunk that holds any, each in time order.
     *
     * @throws UnknownTableException when no table is called {@code table}
     * @throws io.tessera.core.InvalidInputException for a column the table does not have, or of another type
     */
    public List<Batch> read(String table, Interval range, Schema columns) {
        return data(table).read(range, columns, null);
    }

    /** As {@link #read(String, Interval, Schema)}, only the rows that meet {@code condition} (on requested columns; null for all). */
    public List<Batch> read(String table, Interval range, Schema columns, io.tessera.spi.RowPredicate condition) {
        return data(table).read(range, columns, condition);
    }

    /** Drops every chunk whose rows are all at or before {@code nowMillis - retention}; returns the rows dropped. */
    public long applyRetention(long nowMillis) {
        long cutoff = nowMillis - config.retentionMillis();
        if (cutoff > nowMillis) {
            cutoff = Long.MIN_VALUE;
        }
        long dropped = 0;
        for (TableData t : tables.values()) {
            dropped += t.applyRetention(cutoff);
        }
        return dropped;
    }

    public List<TableStats> stats() {
        List<TableStats> out = new ArrayList<>(tables.size());
        for (TableData t : tables.values()) {
            out.add(t.stats());
        }
        return out;
    }

    /** The estimated memory of all tables, checked against the limit. */
    public long memoryBytes() {
        return memory.used();
    }

    private TableData data(String table) {
        TableData data = tables.get(table);
        if (data == null) {
            throw new UnknownTableException(table);
        }
        return data;
    }
}
