package io.tessera.exec.sql;

import java.util.Arrays;

/** An open-addressing map from {@code long} to dense {@code int} codes 0, 1, 2… in order of first insertion. */
final class LongIntMap {

    private long[] keys;
    private int[] values;
    private boolean hasZero;
    private int zeroValue;
    private int size;
    private int mask;

    LongIntMap(int expected) {
        int capacity = Integer.highestOneBit(Math.max(4, expected) * 2 - 1) << 1;
        keys = new long[capacity];
        values = new int[capacity];
        mask = capacity - 1;
    }

    int size() {
        return size;
    }

    /** The code of {@code key}, giving it the next code when it has none. */
    int code(long key) {
        if (key == 0) {
            if (!hasZero) {
                hasZero = true;
                zeroValue = size++;
            }
            return zeroValue;
        }
        int i = mix(key) & mask;
        while (true) {
            long k = keys[i];
            if (k == key) {
                return values[i];
            }
            if (k == 0) {
                keys[i] = key;
                values[i] = size;
                int code = size++;
                if ((size - (hasZero ? 1 : 0)) * 2 > keys.length) {
                    grow();
                }
                return code;
            }
            i = (i + 1) & mask;
        }
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            long k = oldKeys[j];
            if (k != 0) {
                int i = mix(k) & mask;
                while (keys[i] != 0) {
                    i = (i + 1) & mask;
                }
                keys[i] = k;
                values[i] = oldValues[j];
            }
        }
    }

    /** MurmurHash3's 64-bit finalizer: every key bit reaches the low bits (a double's bits have many zero low bits). */
    private static int mix(long key) {
        long h = key;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int) h;
    }

    @Override
    public String toString() {
        return "LongIntMap[size=" + size + ", capacity=" + keys.length + ", zero=" + hasZero + "] "
                + Arrays.hashCode(values);
    }
}
