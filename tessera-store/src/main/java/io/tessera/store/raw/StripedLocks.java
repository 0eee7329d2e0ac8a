package io.tessera.store.raw;

import io.tessera.core.Labels;
import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Writer locks striped by series labels. A request locks all of its stripes in ascending order
 * before validating and releases them after applying, so two requests touching a common series
 * serialise and no two requests deadlock. Striping by labels rather than by id also covers
 * series that do not exist yet.
 */
final class StripedLocks {

    private final ReentrantLock[] locks;
    private final int mask;

    StripedLocks(int stripes) {
        int n = Integer.highestOneBit(Math.max(1, stripes - 1)) << 1;
        locks = new ReentrantLock[n];
        for (int i = 0; i < n; i++) {
            locks[i] = new ReentrantLock();
        }
        mask = n - 1;
    }

    int stripeOf(Labels labels) {
        int h = labels.hashCode();
        h ^= h >>> 16;
        h *= 0x45d9f3b;
        h ^= h >>> 16;
        return h & mask;
    }

    /** Sorts and de-duplicates {@code stripes[0, n)} in place, locks them; returns the count locked. */
    int lockAll(int[] stripes, int n) {
        Arrays.sort(stripes, 0, n);
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (distinct == 0 || stripes[distinct - 1] != stripes[i]) {
                stripes[distinct++] = stripes[i];
            }
        }
        for (int i = 0; i < distinct; i++) {
            locks[stripes[i]].lock();
        }
        return distinct;
    }

    void unlockAll(int[] stripes, int n) {
        for (int i = n - 1; i >= 0; i--) {
            locks[stripes[i]].unlock();
        }
    }

    void lock(int stripe) {
        locks[stripe].lock();
    }

    void unlock(int stripe) {
        locks[stripe].unlock();
    }
}
