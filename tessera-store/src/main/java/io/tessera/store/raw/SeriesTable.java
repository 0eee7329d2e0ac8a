package io.tessera.store.raw;

import io.tessera.core.Labels;
import io.tessera.store.memory.MemoryLimit;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** The shared state of a store: series by labels, the postings index, writer locks and totals. */
final class SeriesTable {

    static final int STRIPES = 1024;

    final ConcurrentHashMap<Labels, MemSeries> byLabels = new ConcurrentHashMap<>();
    final PostingsIndex index = new PostingsIndex();
    final StripedLocks locks = new StripedLocks(STRIPES);
    final MemoryLimit memory;
    final AtomicLong samples = new AtomicLong();
    final AtomicLong chunkBytes = new AtomicLong();
    final AtomicLong chunkCount = new AtomicLong();

    final ConcurrentHashMap<String, RecentSamples> recent = new ConcurrentHashMap<>();
    final RecentSamplesBudget recentBudget;

    /** Samples at or before this time are refused; retention raises it to its cutoff. */
    volatile long minValidTime = Long.MIN_VALUE;
    /** The newest time of the samples restored from an image, which no recent-samples log holds. */
    volatile long restoredUpTo = Long.MIN_VALUE;
    /** Moved on after every write that may change what a read sees; see {@link SpanReadCache}. */
    private final AtomicLong version = new AtomicLong();

    SeriesTable(long memoryLimit, long recentWindowMillis, long recentLimit) {
        this.memory = new MemoryLimit(memoryLimit);
        this.recentBudget = new RecentSamplesBudget(recentWindowMillis, recentLimit, memory);
    }

    long version() {
        return version.get();
    }

    /** Called once a write's changes are visible to readers (never before: a read could keep a half-applied write). */
    void changed() {
        version.incrementAndGet();
    }

    /** The recent-samples log of {@code metric}, created when its first sample is applied. */
    RecentSamples recentLog(String metric) {
        RecentSamples log = recent.get(metric);
        return log != null ? log : recent.computeIfAbsent(metric, m -> new RecentSamples(restoredUpTo, recentBudget));
    }

    void lockAllStripes() {
        for (int i = 0; i < STRIPES; i++) {
            locks.lock(i);
        }
    }

    void unlockAllStripes() {
        for (int i = STRIPES - 1; i >= 0; i--) {
            locks.unlock(i);
        }
    }
}
