package io.tessera.store.wal;

/**
 * A store whose every accepted write is logged before it is acknowledged: the size and health of
 * its write-ahead log, and closing it.
 */
public abstract sealed class LoggedStore implements AutoCloseable permits DurableRawStore, DurableTables {

    final WalWriter wal;

    LoggedStore(WalWriter wal) {
        this.wal = wal;
    }

    /** Bytes of log segments on disk. */
    public long walBytes() {
        return wal.bytes();
    }

    public int walSegments() {
        return wal.segments();
    }

    /** Gathering writes made so far and the records they carried: records per group is the grouping achieved. */
    public long walGroups() {
        return wal.groups();
    }

    public long walRecords() {
        return wal.records();
    }

    /** Null while the log is healthy; otherwise why it failed. */
    public Throwable walFailure() {
        return wal.failure();
    }

    /** Writes and forces what is queued and closes the log; later appends are refused. */
    @Override
    public void close() {
        wal.close();
    }
}
