package io.tessera.store.wal;

import io.tessera.core.Labels;
import io.tessera.store.raw.AppendLog;
import io.tessera.store.raw.AppendRequest;

/**
 * One request's log record on its way to disk: framed before the store is locked, enqueued by
 * the store once the request is validated, awaited after the store is unlocked. A record whose
 * series are references carries the series too, so that the log can define the ones its segment
 * has not seen yet in a series record written just before it.
 */
final class PendingRecord implements AppendLog {

    final byte[] frame;
    final Labels[] series;
    final long[] refs;
    private final WalWriter wal;
    /** The series record written just before this one, or null; set when the record is enqueued. */
    byte[] prefix;

    long seq = -1;
    long segment;
    long offset;
    /** Why the record was refused after it was enqueued, or null. Guarded by the log's lock. */
    Throwable refusal;

    PendingRecord(WalWriter wal, AppendRequest request, SeriesRefs refs) {
        this.wal = wal;
        SampleRecords.Encoded encoded = SampleRecords.frameWithRefs(request, refs);
        this.frame = encoded.frame();
        this.series = request.series();
        this.refs = encoded.refs();
    }

    /** A record of an already framed payload with no series references. */
    PendingRecord(WalWriter wal, byte[] frame) {
        this.wal = wal;
        this.frame = frame;
        this.series = null;
        this.refs = null;
    }

    @Override
    public void record(AppendRequest request) {
        wal.enqueue(this);
    }

    int length() {
        return frame.length + (prefix == null ? 0 : prefix.length);
    }

    /** Returns once the record is as durable as the policy promises; a request that logged nothing returns at once. */
    void await() {
        if (seq >= 0) {
            wal.await(this);
        }
    }
}
