package io.tessera.store.raw;

import io.tessera.store.memory.MemoryLimit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What every metric's {@link RecentSamples} share: how far back they keep samples (behind the
 * newest time the store received), how many entries they may hold together, and the memory
 * they are charged to. A log over the limit drops its own oldest blocks when it next grows.
 */
final class RecentSamplesBudget {

    private final long windowMillis;
    private final long limitEntries;
    private final MemoryLimit memory;
    private final AtomicLong entries = new AtomicLong();
    private final AtomicLong newest = new AtomicLong(Long.MIN_VALUE);

    RecentSamplesBudget(long windowMillis, long limitEntries, MemoryLimit memory) {
        this.windowMillis = windowMillis;
        this.limitEntries = limitEntries;
        this.memory = memory;
    }

    boolean enabled() {
        return windowMillis > 0 && limitEntries > 0;
    }

    void allocated(int capacity) {
        entries.addAndGet(capacity);
        memory.add((long) capacity * RecentSamples.ENTRY_BYTES);
    }

    void released(int capacity) {
        entries.addAndGet(-capacity);
        memory.add(-(long) capacity * RecentSamples.ENTRY_BYTES);
    }

    boolean over() {
        return entries.get() > limitEntries;
    }

    /** Entries the logs have room for, all metrics together. */
    long entries() {
        return entries.get();
    }

    void sawTime(long t) {
        long seen = newest.get();
        while (t > seen && !newest.compareAndSet(seen, t)) {
            seen = newest.get();
        }
    }

    /** Blocks whose samples are all before this time are not recent any more. */
    long oldestKept() {
        long n = newest.get();
        return n - windowMillis > n ? Long.MIN_VALUE : n - windowMillis;
    }
}
