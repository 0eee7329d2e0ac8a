package io.tessera.exec.function;

import java.util.Arrays;

/**
 * Sorts {@code long} keys ascending (as signed longs) together with an {@code int} each, by a
 * least-significant-digit radix sort over bytes: a pass per byte in which the keys differ, each a
 * count and a stable scatter, with no comparisons to mispredict. For the few hundred to few
 * thousand keys of a series' span it runs in about half the time of a comparison sort.
 */
final class RadixOrder {

    private static final int BYTES = Long.BYTES;

    private long[] keyScratch = new long[64];
    private int[] valueScratch = new int[64];
    private final int[] counts = new int[BYTES * 256];

    /** Sorts {@code keys[0, n)} ascending, moving {@code values[0, n)} along with them; stable. */
    void sort(long[] keys, int[] values, int n) {
        if (n < 2) {
            return;
        }
        if (keyScratch.length < n) {
            keyScratch = new long[Math.max(n, keyScratch.length * 2)];
            valueScratch = new int[keyScratch.length];
        }
        int[] c = counts;
        Arrays.fill(c, 0);
        for (int i = 0; i < n; i++) {
            long k = keys[i] ^ Long.MIN_VALUE;
            for (int b = 0; b < BYTES; b++) {
                c[b << 8 | (int) (k >>> (b << 3)) & 0xFF]++;
            }
        }
        long[] fromKeys = keys;
        int[] fromValues = values;
        long[] toKeys = keyScratch;
        int[] toValues = valueScratch;
        for (int b = 0; b < BYTES; b++) {
            int base = b << 8;
            int shift = b << 3;
            if (c[base | (int) ((fromKeys[0] ^ Long.MIN_VALUE) >>> shift) & 0xFF] == n) {
                continue;
            }
            int sum = 0;
            for (int d = 0; d < 256; d++) {
                int count = c[base + d];
                c[base + d] = sum;
                sum += count;
            }
            for (int i = 0; i < n; i++) {
                long k = fromKeys[i];
                int at = c[base | (int) ((k ^ Long.MIN_VALUE) >>> shift) & 0xFF]++;
                toKeys[at] = k;
                toValues[at] = fromValues[i];
            }
            long[] tk = fromKeys;
            fromKeys = toKeys;
            toKeys = tk;
            int[] tv = fromValues;
            fromValues = toValues;
            toValues = tv;
        }
        if (fromKeys != keys) {
            System.arraycopy(fromKeys, 0, keys, 0, n);
            System.arraycopy(fromValues, 0, values, 0, n);
        }
    }
}
