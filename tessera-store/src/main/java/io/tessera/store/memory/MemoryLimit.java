package io.tessera.store.memory;

import io.tessera.core.LimitExceededException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A memory estimate against its limit. A change reserves an upper bound before it is applied
 * and settles to its real growth afterwards, so concurrent changes cannot together overshoot
 * the limit.
 */
public final class MemoryLimit {

    /** The message of a refused reservation. */
    @FunctionalInterface
    public interface Refusal {
        String message(long used, long limit, long bytes);
    }

    private final long limit;
    private final AtomicLong used = new AtomicLong();

    public MemoryLimit(long limit) {
        this.limit = limit;
    }

    /** Adds {@code bytes} to the estimate, or throws with {@code refusal}'s message when that passes the limit. */
    public void reserve(long bytes, Refusal refusal) {
        long before;
        do {
            before = used.get();
            if (before + bytes > limit || before + bytes < before) {
                throw new LimitExceededException(refusal.message(before, limit, bytes));
            }
        } while (!used.compareAndSet(before, before + bytes));
    }

    public void add(long delta) {
        used.addAndGet(delta);
    }

    public long used() {
        return used.get();
    }

    public long limit() {
        return limit;
    }
}
