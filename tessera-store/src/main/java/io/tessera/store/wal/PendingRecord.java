package io.tessera.store.wal;

import io.tessera.store.raw.AppendLog;
import io.tessera.store.raw.AppendRequest;

/**
 * One request's log record on its way to disk: framed before the store is locked, enqueued by
 * the store once the request is validated, awaited after the store is unlocked.
 */
final class PendingRecord implements AppendLog {

    final byte[] frame;
    private final WalWriter wal;
    long seq = -1;
    long segment;
    long offset;

    PendingRecord(WalWriter wal, AppendRequest request) {
        this(wal, SampleRecords.frame(request));
    }

    /** A record of an already framed payload. */
    PendingRecord(WalWriter wal, byte[] frame) {
        this.wal = wal;
        this.frame = frame;
    }

    @Override
    public void record(AppendRequest request) {
        wal.enqueue(this);
    }

    /** Returns once the record is as durable as the policy promises; a request that logged nothing returns at once. */
    void await() {
        if (seq >= 0) {
            wal.await(this);
        }
    }
}
