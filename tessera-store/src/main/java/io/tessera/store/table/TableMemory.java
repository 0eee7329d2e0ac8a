package io.tessera.store.table;

import io.tessera.core.LimitExceededException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The table store's memory estimate against its limit, shared by all tables. An append reserves
 * an upper bound before it is applied and settles to its real growth afterwards, so concurrent
 * appends cannot together overshoot the limit.
 */
final class TableMemory {

    private final long limit;
    private final AtomicLong used = new AtomicLong();

    TableMemory(long limit) {
        this.limit = limit;
    }

    void reserve(long bytes, String table) {
        long before;
        do {
            before = used.get();
            if (before + bytes > limit || before + bytes < before) {
                throw new LimitExceededException("memory limit reached: the tables hold an estimated " + before
                        + " bytes of their " + limit + "-byte limit and this append to \"" + table
                        + "\" may need up to " + bytes + " more; rows refused");
            }
        } while (!used.compareAndSet(before, before + bytes));
    }

    void add(long delta) {
        used.addAndGet(delta);
    }

    long used() {
        return used.get();
    }
}
