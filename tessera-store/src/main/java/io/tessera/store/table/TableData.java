package io.tessera.store.table;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Schema;
import io.tessera.core.TableSchema;
import io.tessera.spi.RowPredicate;
import io.tessera.store.memory.MemoryLimit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One table's rows: a list of chunks, each sorted by time (chunks may overlap in time), the last
 * one the head that in-order appends fill in place. An append that is older than the head's
 * newest row is merged with the head into fresh chunks, so every chunk stays sorted; the old
 * head is left as it was for the readers that still hold it.
 *
 * <p>Appends are serialised by the table's lock and become visible all at once when the new
 * {@link Snapshot} is published; a reader takes the current snapshot and never locks.
 */
final class TableData {

    /**
     * What readers see: the chunks, the row count of each, the string dictionaries' value arrays,
     * and each chunk's first and last time (a read skips the chunks its range misses without
     * touching them).
     */
    record Snapshot(
            TableChunk[] chunks,
            int[] rows,
            String[][] dictionaries,
            long rowCount,
            long[] firstTimes,
            long[] lastTimes) {}

    private final TableSchema schema;
    private final Schema rowSchema;
    private final int rowsPerChunk;
    private final long chunkBytes;
    private final MemoryLimit memory;
    private final StringDictionary[] dictionaries;
    private final ReentrantLock lock = new ReentrantLock();
    private volatile Snapshot snapshot;
    private long minValidTime = Long.MIN_VALUE;
    private volatile long memoryBytes;

    TableData(TableSchema schema, int rowsPerChunk, MemoryLimit memory) {
        this.schema = schema;
        this.rowSchema = schema.rowSchema();
        this.rowsPerChunk = rowsPerChunk;
        this.chunkBytes = TableChunk.bytes(rowSchema, rowsPerChunk);
        this.memory = memory;
        this.dictionaries = new StringDictionary[rowSchema.size() - 1];
        String[][] values = new String[dictionaries.length][];
        for (int c = 0; c < dictionaries.length; c++) {
            if (rowSchema.column(c + 1).type() == ColumnType.STRING) {
                dictionaries[c] = new StringDictionary();
                values[c] = dictionaries[c].values();
            }
        }
        this.snapshot = new Snapshot(new TableChunk[0], new int[0], values, 0, new long[0], new long[0]);
    }

    TableSchema schema() {
        return schema;
    }

    /**
     * Appends every row of {@code rows} (of exactly the table's row schema) or none.
     *
     * @throws RowRejectedException for a row at or before the retention cutoff
     * @throws io.tessera.core.LimitExceededException when the memory limit would be exceeded
     */
    int append(Batch rows) {
        return append(rows, null, false);
    }

    /**
     * As {@link #append(Batch)}; {@code logged}, when given, runs under the table's lock once the
     * append can no longer be refused and before it is applied (so a log sees appends in the
     * order they are applied); if it throws, nothing is applied. A {@code replay} is applied
     * whatever the memory limit and retention cutoff say: it was accepted once.
     */
    int append(Batch rows, Runnable logged, boolean replay) {
        if (!rows.schema().equals(rowSchema)) {
            throw new InvalidInputException("rows for table \"" + schema.name() + "\" must have the columns "
                    + rowSchema + ", not " + rows.schema());
        }
        int n = rows.rowCount();
        if (n == 0) {
            return 0;
        }
        long[] times = rows.longs(0);
        int[] order = TimeOrder.of(times, n);
        long stringBound = stringBytesBound(rows);
        lock.lock();
        try {
            for (int r = 0; r < n && !replay; r++) {
                if (times[r] <= minValidTime) {
                    throw new RowRejectedException(
                            r,
                            "row time " + times[r] + " is at or before the retention cutoff " + minValidTime
                                    + " of table \"" + schema.name() + "\"");
                }
            }
            Snapshot current = snapshot;
            int headRows = current.chunks.length == 0 ? 0 : current.rows[current.rows.length - 1];
            long reserve = ((headRows + (long) n) / rowsPerChunk + 2) * chunkBytes + stringBound;
            if (replay) {
                memory.add(reserve);
            } else {
                memory.reserve(
                        reserve,
                        (used, limit, bytes) -> "memory limit reached: the tables hold an estimated " + used
                                + " bytes of their " + limit + "-byte limit and this append to \"" + schema.name()
                                + "\" may need up to " + bytes + " more; rows refused");
            }
            long grown = 0;
            try {
                if (logged != null) {
                    logged.run();
                }
                long[] added = new long[1];
                EncodedRows encoded = encode(rows, order, added);
                grown = added[0];
                grown += publish(current, encoded);
                return n;
            } finally {
                memory.add(grown - reserve);
                memoryBytes += grown;
            }
        } finally {
            lock.unlock();
        }
    }

    private long stringBytesBound(Batch rows) {
        long bytes = 0;
        for (int c = 1; c < rowSchema.size(); c++) {
            if (rowSchema.column(c).type() == ColumnType.STRING) {
                String[] values = rows.strings(c);
                for (int r = 0; r < rows.rowCount(); r++) {
                    if (values[r] == null) {
                        throw new RowRejectedException(
                                r, "column \"" + rowSchema.column(c).name() + "\" has no value");
                    }
                    bytes += StringDictionary.ENTRY_BYTES + 2L * values[r].length();
                }
            }
        }
        return bytes;
    }

    private EncodedRows encode(Batch rows, int[] order, long[] added) {
        int n = rows.rowCount();
        long[] ts = gather(rows.longs(0), order, n);
        Object[] columns = new Object[rowSchema.size() - 1];
        for (int c = 0; c < columns.length; c++) {
            switch (rowSchema.column(c + 1).type()) {
                case LONG -> columns[c] = gather(rows.longs(c + 1), order, n);
                case DOUBLE -> columns[c] = gather(rows.doubles(c + 1), order, n);
                case STRING -> {
                    String[] in = rows.strings(c + 1);
                    int[] out = new int[n];
                    for (int i = 0; i < n; i++) {
                        out[i] = dictionaries[c].encode(in[order[i]], added);
                    }
                    columns[c] = out;
                }
                case LABELS -> throw new IllegalStateException();
            }
        }
        return new EncodedRows(ts, columns, n);
    }

    /** {@code values[rows[0]], ..., values[rows[n - 1]]}. */
    private static long[] gather(long[] values, int[] rows, int n) {
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = values[rows[i]];
        }
        return out;
    }

    /** {@code values[rows[0]], ..., values[rows[n - 1]]}. */
    private static double[] gather(double[] values, int[] rows, int n) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = values[rows[i]];
        }
        return out;
    }

    /** Writes the rows into chunks and publishes the snapshot that shows them; returns the bytes allocated less freed. */
    private long publish(Snapshot current, EncodedRows rows) {
        List<TableChunk> chunks = new ArrayList<>(current.chunks.length + 2);
        chunks.addAll(Arrays.asList(current.chunks));
        TableChunk head = chunks.isEmpty() ? null : chunks.getLast();
        long grown = 0;
        if (head != null && head.filled > 0 && rows.ts()[0] < head.ts[head.filled - 1]) {
            chunks.removeLast();
            grown -= chunkBytes;
            TableChunk out = TableChunk.allocate(rowSchema, rowsPerChunk);
            grown += chunkBytes;
            int a = 0;
            int b = 0;
            while (a < head.filled || b < rows.count()) {
                if (out.isFull()) {
                    chunks.add(out);
                    out = TableChunk.allocate(rowSchema, rowsPerChunk);
                    grown += chunkBytes;
                }
                if (b == rows.count() || (a < head.filled && head.ts[a] <= rows.ts()[b])) {
                    out.copyRow(head, a++);
                } else {
                    out.copyRow(rows, b++);
                }
            }
            chunks.add(out);
        } else {
            int headBefore = head == null ? 0 : head.filled;
            try {
                TableChunk out = head;
                for (int b = 0; b < rows.count(); b++) {
                    if (out == null || out.isFull()) {
                        out = TableChunk.allocate(rowSchema, rowsPerChunk);
                        grown += chunkBytes;
                        chunks.add(out);
                    }
                    out.copyRow(rows, b);
                }
            } catch (RuntimeException | Error e) {
                if (head != null) {
                    head.filled = headBefore;
                }
                throw e;
            }
        }
        snapshot = snapshotOf(chunks);
        return grown;
    }

    private Snapshot snapshotOf(List<TableChunk> chunks) {
        TableChunk[] array = chunks.toArray(new TableChunk[0]);
        int[] rows = new int[array.length];
        long[] firstTimes = new long[array.length];
        long[] lastTimes = new long[array.length];
        long total = 0;
        for (int i = 0; i < array.length; i++) {
            rows[i] = array[i].filled;
            total += rows[i];
            firstTimes[i] = rows[i] == 0 ? Long.MAX_VALUE : array[i].ts[0];
            lastTimes[i] = rows[i] == 0 ? Long.MIN_VALUE : array[i].ts[rows[i] - 1];
        }
        String[][] values = new String[dictionaries.length][];
        for (int c = 0; c < dictionaries.length; c++) {
            values[c] = dictionaries[c] == null ? null : dictionaries[c].values();
        }
        return new Snapshot(array, rows, values, total, firstTimes, lastTimes);
    }

    /** The requested columns of the rows in {@code range} (all rows when null), a batch per chunk that has any. */
    List<Batch> read(Interval range, Schema columns, RowPredicate condition) {
        int[] positions = new int[columns.size()];
        for (int i = 0; i < columns.size(); i++) {
            Column wanted = columns.column(i);
            int at = rowSchema.indexOf(wanted.name());
            if (at < 0) {
                throw new InvalidInputException(
                        "table \"" + schema.name() + "\" has no column \"" + wanted.name() + "\"");
            }
            if (rowSchema.column(at).type() != wanted.type()) {
                throw new InvalidInputException("column \"" + wanted.name() + "\" of table \"" + schema.name()
                        + "\" is " + rowSchema.column(at).type() + ", not " + wanted.type());
            }
            positions[i] = at;
        }
        Snapshot s = snapshot;
        ChunkCondition meets = condition == null ? null : ChunkCondition.of(condition, rowSchema, s.dictionaries);
        List<Batch> out = new ArrayList<>();
        for (int k = 0; k < s.chunks.length; k++) {
            if (range != null && (s.lastTimes[k] <= range.start() || s.firstTimes[k] > range.end())) {
                continue;
            }
            TableChunk chunk = s.chunks[k];
            int rows = s.rows[k];
            int from = 0;
            int to = rows;
            if (range != null) {
                from = chunk.firstAfter(range.start(), rows);
                to = chunk.firstAfter(range.end(), rows);
            }
            if (from >= to) {
                continue;
            }
            if (meets != null) {
                ChunkCondition.Test test = meets.bind(chunk);
                int[] kept = new int[to - from];
                int n = 0;
                for (int r = from; r < to; r++) {
                    if (test.test(r)) {
                        kept[n++] = r;
                    }
                }
                if (n < to - from) {
                    if (n > 0) {
                        Object[] arrays = new Object[positions.length];
                        for (int i = 0; i < positions.length; i++) {
                            arrays[i] = selected(chunk, positions[i], kept, n, s);
                        }
                        out.add(new Batch(columns, n, arrays));
                    }
                    continue;
                }
            }
            Object[] arrays = new Object[positions.length];
            for (int i = 0; i < positions.length; i++) {
                arrays[i] = column(chunk, positions[i], from, to, s);
            }
            out.add(new Batch(columns, to - from, arrays));
        }
        return out;
    }

    /** Rows {@code kept[0..n)} of a column. */
    private static Object selected(TableChunk chunk, int position, int[] kept, int n, Snapshot s) {
        Object array = position == 0 ? chunk.ts : chunk.columns[position - 1];
        return switch (array) {
            case long[] a -> gather(a, kept, n);
            case double[] a -> gather(a, kept, n);
            case int[] codes -> {
                String[] values = s.dictionaries[position - 1];
                String[] out = new String[n];
                for (int i = 0; i < n; i++) {
                    out[i] = values[codes[kept[i]]];
                }
                yield out;
            }
            default -> throw new IllegalStateException();
        };
    }

    /**
     * Rows {@code [from, to)} of a column. A range from the chunk's first row hands out the
     * chunk's own array: rows below the snapshot's count are never written again, and the
     * receiver of a batch only reads its first {@code rowCount} entries.
     */
    private static Object column(TableChunk chunk, int position, int from, int to, Snapshot s) {
        Object array = position == 0 ? chunk.ts : chunk.columns[position - 1];
        return switch (array) {
            case long[] a -> from == 0 ? a : Arrays.copyOfRange(a, from, to);
            case double[] a -> from == 0 ? a : Arrays.copyOfRange(a, from, to);
            case int[] codes -> decode(codes, from, to, s.dictionaries[position - 1]);
            default -> throw new IllegalStateException();
        };
    }

    private static String[] decode(int[] codes, int from, int to, String[] values) {
        String[] out = new String[to - from];
        for (int r = from; r < to; r++) {
            out[r - from] = values[codes[r]];
        }
        return out;
    }

    /** Drops the chunks whose rows are all at or before {@code cutoff} and refuses such rows from now on; returns the rows dropped. */
    long applyRetention(long cutoff) {
        lock.lock();
        try {
            if (cutoff > minValidTime) {
                minValidTime = cutoff;
            }
            Snapshot current = snapshot;
            List<TableChunk> kept = new ArrayList<>(current.chunks.length);
            long dropped = 0;
            for (int k = 0; k < current.chunks.length; k++) {
                int rows = current.rows[k];
                if (rows > 0 && current.chunks[k].ts[rows - 1] <= cutoff) {
                    dropped += rows;
                } else {
                    kept.add(current.chunks[k]);
                }
            }
            int removedChunks = current.chunks.length - kept.size();
            if (removedChunks > 0) {
                snapshot = snapshotOf(kept);
                memory.add(-removedChunks * chunkBytes);
                memoryBytes -= removedChunks * chunkBytes;
            }
            return dropped;
        } finally {
            lock.unlock();
        }
    }

    TableStats stats() {
        Snapshot s = snapshot;
        long strings = 0;
        for (StringDictionary d : dictionaries) {
            strings += d == null ? 0 : d.size();
        }
        return new TableStats(schema.name(), s.rowCount, s.chunks.length, strings, memoryBytes);
    }
}
