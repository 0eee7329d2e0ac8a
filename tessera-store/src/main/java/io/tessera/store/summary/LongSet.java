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
        int mask = table.length - 1;
        for (int i = Hashing.mix(key) & mask; ; i = (i + 1) & mask) {
            long k = table[i];
            if (k == key) {
                return true;
            }
            if (k == EMPTY) {
                return false;
            }
        }
    }

    /** Adds {@code key}; false when it was already present. */
    boolean add(long key) {
        if ((size + 1) * 2 > table.length) {
            grow();
        }
        int mask = table.length - 1;
        for (int i = Hashing.mix(key) & mask; ; i = (i + 1) & mask) {
            long k = table[i];
            if (k == key) {
                return false;
            }
            if (k == EMPTY) {
                table[i] = key;
                size++;
                return true;
            }
        }
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] old = table;
        table = newTable(old.length * 2);
        int mask = table.length - 1;
        for (long k : old) {
            if (k != EMPTY) {
                int i = Hashing.mix(k) & mask;
                while (table[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                table[i] = k;
            }
        }
    }
}
