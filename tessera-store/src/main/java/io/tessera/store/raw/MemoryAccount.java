package io.tessera.store.raw;

import io.tessera.core.LimitExceededException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The store's memory estimate against its limit. A request reserves an upper bound before it
 * is applied and settles to its real growth afterwards, so concurrent requests cannot together
 * overshoot the limit.
 */
final class MemoryAccount {

    private final long limit;
    private final AtomicLong used = new AtomicLong();

    MemoryAccount(long limit) {
        this.limit = limit;
    }

    void reserve(long bytes) {
        long before;
        do {
            before = used.get();
            if (before + bytes > limit || before + bytes < before) {
                throw new LimitExceededException("memory limit reached: the store holds an estimated " + before
                        + " bytes of its " + limit + "-byte limit and this request may need up to " + bytes
                        + " more; ingest refused");
            }
        } while (!used.compareAndSet(before, before + bytes));
    }

    void add(long delta) {
        used.addAndGet(delta);
    }

    long used() {
        return used.get();
    }

    long limit() {
        return limit;
    }
}
