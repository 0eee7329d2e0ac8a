package io.tessera.store.summary;

/**
 * Totals of a view's write lock since it was created: zero unless the store is
 * {@link SummaryStoreConfig#instrumented}. Reads never take this lock.
 */
public record LockTimes(long acquisitions, long waitNanos, long holdNanos) {}
