package io.tessera.ingest.views;

import io.tessera.store.raw.AppendRequest;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * How far each view's data is complete: the newest sample accepted, never later than the server's
 * clock, minus the allowed lateness; for a view of a SQL table the same of the newest row accepted
 * into that table. Also the oldest time accepted, where a new view starts.
 */
final class Watermarks {

    private final long allowedLatenessMs;
    private final LongSupplier clock;
    private final TimeRange samples = new TimeRange();
    private final Map<String, TimeRange> tables = new ConcurrentHashMap<>();

    /** The oldest and newest time accepted of samples or of one table's rows. */
    private record TimeRange(AtomicLong newest, AtomicLong oldest) {
        TimeRange() {
            this(new AtomicLong(Long.MIN_VALUE), new AtomicLong(Long.MAX_VALUE));
        }

        void widen(long oldestMs, long newestMs) {
            newest.accumulateAndGet(newestMs, Math::max);
            oldest.accumulateAndGet(oldestMs, Math::min);
        }
    }

    Watermarks(long allowedLatenessMs, LongSupplier clock) {
        this.allowedLatenessMs = allowedLatenessMs;
        this.clock = clock;
    }

    /** Widens the sample time range by the samples of {@code request} (at least one); returns the oldest of them. */
    long accepted(AppendRequest request) {
        long[] ts = request.timestamps();
        long minTs = Long.MAX_VALUE;
        long maxTs = Long.MIN_VALUE;
        for (int i = 0, n = request.sampleCount(); i < n; i++) {
            minTs = Math.min(minTs, ts[i]);
            maxTs = Math.max(maxTs, ts[i]);
        }
        samples.widen(minTs, maxTs);
        return minTs;
    }

    void samples(long oldest, long newest) {
        samples.widen(oldest, newest);
    }

    void rows(String table, long oldest, long newest) {
        tables.computeIfAbsent(table, t -> new TimeRange()).widen(oldest, newest);
    }

    long oldestSample() {
        return samples.oldest().get();
    }

    long newestSample() {
        return samples.newest().get();
    }

    /** The watermark of time series (see {@link ViewMaintainer#watermark()}). */
    long watermark() {
        return capped(samples.newest().get());
    }

    /** The watermark view {@code m} is built to: its table's, or the time series'. */
    long of(Maintained m) {
        if (m.shape.table() == null) {
            return watermark();
        }
        TimeRange times = tables.get(m.shape.table());
        return capped(times == null ? Long.MIN_VALUE : times.newest().get());
    }

    /** The oldest time accepted of what view {@code m} folds. */
    long oldest(Maintained m) {
        if (m.shape.table() == null) {
            return samples.oldest().get();
        }
        TimeRange times = tables.get(m.shape.table());
        return times == null ? Long.MAX_VALUE : times.oldest().get();
    }

    private long capped(long newest) {
        return newest == Long.MIN_VALUE ? Long.MIN_VALUE : Math.min(newest, clock.getAsLong()) - allowedLatenessMs;
    }
}
