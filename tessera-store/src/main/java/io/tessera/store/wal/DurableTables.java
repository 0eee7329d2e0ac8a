package io.tessera.store.wal;

import io.tessera.core.Batch;
import io.tessera.store.table.TableStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * SQL table rows that survive a restart or a crash: every accepted append is logged before it
 * is acknowledged, in a log of its own ({@code tables/wal/} under the data directory) with the
 * raw log's framing, group commit and fsync policy. There are no table snapshots: start-up
 * replays the whole table log, and retention bounds it instead, deleting the oldest segments
 * once every row in them is at or before the retention cutoff.
 *
 * <p>Order of a write: the record is framed; the table store validates the append and reserves
 * its memory, then, under the table's lock, the record is enqueued and the rows applied; then
 * the caller waits for the record to be durable. A record that fails to reach the log refuses
 * the append although the store has applied it, and fails the log for good, as in
 * {@link DurableRawStore}.
 */
public final class DurableTables extends LoggedStore {

    /**
     * What start-up recovered: records and rows replayed, records skipped (table gone or changed), a
     * torn tail cut, damaged ranges of the log skipped (each with its segment, offset and size).
     */
    public record Recovery(
            long records, long rows, long skippedRecords, String tornTail, long durationNanos, List<String> damaged) {}

    private final TableStore store;
    private final Path dir;
    private final Recovery recovery;
    /** Per segment still on disk, the newest row time it holds. */
    private final ConcurrentSkipListMap<Long, Long> newestRow = new ConcurrentSkipListMap<>();

    private DurableTables(TableStore store, Path dir, WalWriter wal, Recovery recovery, Map<Long, Long> newest) {
        super(wal);
        this.store = store;
        this.dir = dir;
        this.recovery = recovery;
        this.newestRow.putAll(newest);
    }

    /** Replays the table log under {@code dataDir} into {@code store} (an empty store) and opens the log for appends. */
    public static DurableTables open(Path dataDir, TableStore store, WalOptions options) {
        long start = System.nanoTime();
        Path dir = dataDir.resolve("tables").resolve("wal");
        try {
            Files.createDirectories(dir);
            List<Long> segments = Segments.list(dir);
            Segments.requireConsecutive(dir, segments, "table log segment");
            TableLogReplay.Result replayed = new TableLogReplay(dir, store).replay(segments);
            Map<Long, Long> existing = new HashMap<>(replayed.segmentSizes());
            long first = segments.isEmpty() ? 0 : Math.max(replayed.lastSegment(), segments.getLast()) + 1;
            WalWriter wal = new WalWriter(dir, options, first, existing);
            Recovery recovery = new Recovery(
                    replayed.records(),
                    replayed.rows(),
                    replayed.skipped(),
                    replayed.torn(),
                    System.nanoTime() - start,
                    replayed.damaged());
            return new DurableTables(store, dir, wal, recovery, replayed.newestRow());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot recover the table log in " + dir + ": " + e.getMessage(), e);
        }
    }

    public Recovery recovery() {
        return recovery;
    }

    /**
     * Validates, logs and applies the append, returning once its record is durable.
     *
     * @throws io.tessera.store.table.RowRejectedException as {@link TableStore#append(String, Batch)}; nothing is logged
     * @throws io.tessera.core.LimitExceededException as {@link TableStore#append(String, Batch)}; nothing is logged
     * @throws WalFailedException when the record did not reach the log; the append must not be acknowledged
     */
    public int append(String table, Batch rows) {
        PendingRecord record = new PendingRecord(wal, TableRecords.frame(table, rows));
        long newest = Long.MIN_VALUE;
        long[] ts = rows.longs(0);
        for (int r = 0; r < rows.rowCount(); r++) {
            newest = Math.max(newest, ts[r]);
        }
        long logged = newest;
        int appended = store.append(table, rows, () -> {
            wal.enqueue(record);
            newestRow.merge(record.segment, logged, Math::max);
        });
        record.await();
        return appended;
    }

    /**
     * Deletes the oldest log segments whose rows are all at or before {@code cutoff} (the
     * segment being written is kept); returns how many went.
     */
    public int applyRetention(long cutoff) {
        long keepFrom = -1;
        int deletable = 0;
        for (Map.Entry<Long, Long> e : newestRow.entrySet()) {
            if (e.getValue() > cutoff) {
                keepFrom = e.getKey();
                break;
            }
            deletable++;
        }
        if (keepFrom < 0) {
            keepFrom = newestRow.isEmpty() ? 0 : newestRow.lastKey();
            deletable = Math.max(0, deletable - 1);
        }
        if (deletable == 0) {
            return 0;
        }
        try {
            wal.deleteBefore(keepFrom);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete table log segments in " + dir + ": " + e.getMessage(), e);
        }
        newestRow.headMap(keepFrom).clear();
        return deletable;
    }
}
