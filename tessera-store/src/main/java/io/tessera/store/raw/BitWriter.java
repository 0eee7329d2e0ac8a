package io.tessera.store.raw;

import java.util.Arrays;

/**
 * Appends bit fields, most significant bit first, to a growable {@code long[]}. Bits are only
 * ever OR-ed into zeroed words, so a reader that stops at an earlier published position sees
 * stable bits even while the writer continues. The array reference is volatile so that a grown
 * array, which holds a full copy of the old one, is safely published to readers.
 */
final class BitWriter {

    private volatile long[] words;
    private int position;

    BitWriter(int initialWords) {
        this.words = new long[Math.max(1, initialWords)];
    }

    /** Writes the low {@code n} bits of {@code bits}, {@code 1 <= n <= 64}. */
    void write(long bits, int n) {
        long[] w = words;
        int index = position >>> 6;
        int free = 64 - (position & 63);
        if (index + 1 >= w.length) {
            w = grow(w, index + 2);
        }
        if (n < 64) {
            bits &= (1L << n) - 1;
        }
        if (n <= free) {
            w[index] |= bits << (free - n);
        } else {
            int rest = n - free;
            w[index] |= bits >>> rest;
            w[index + 1] |= bits << (64 - rest);
        }
        position += n;
    }

    void writeBit(boolean one) {
        long[] w = words;
        int index = position >>> 6;
        if (index >= w.length) {
            w = grow(w, index + 1);
        }
        if (one) {
            w[index] |= 1L << (63 - (position & 63));
        }
        position++;
    }

    private long[] grow(long[] w, int needed) {
        long[] bigger = Arrays.copyOf(w, Math.max(needed, w.length * 2));
        words = bigger;
        return bigger;
    }

    int position() {
        return position;
    }

    long[] words() {
        return words;
    }

    int usedWords() {
        return (position + 63) >>> 6;
    }

    /** The used words, copied into an array of exactly that size. */
    long[] trimmed() {
        return Arrays.copyOf(words, usedWords());
    }
}
