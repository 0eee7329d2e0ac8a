package io.tessera.store.summary;

import java.util.Arrays;

/** A set of non-negative longs in one open-addressing array; not thread-safe. */
final class LongSet {

    private static final long EMPTY = -1L;

    private long[] table = newTable(64);
    private int size;

    private static long[] newTable(int length) {
        long[] t = new long[length];
        Arrays.fill(t, EMPTY);
        return t;
    }

    boolean contains(long key) {
        return table[slotOf(key)] == key;
    }

    /** Adds {@code key}; false when it was already present. */
    boolean add(long key) {
        if ((size + 1) * 2 > table.length) {
            grow();
        }
        int i = slotOf(key);
        if (table[i] == key) {
            return false;
        }
        table[i] = key;
        size++;
        return true;
    }

    /** The slot holding {@code key}, or the empty slot where it would go. */
    private int slotOf(long key) {
        int mask = table.length - 1;
        int i = Hashing.mix(key) & mask;
        while (table[i] != key && table[i] != EMPTY) {
            i = (i + 1) & mask;
        }
        return i;
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] old = table;
        table = newTable(old.length * 2);
        for (long k : old) {
            if (k != EMPTY) {
                table[slotOf(k)] = k;
            }
        }
    }
}
