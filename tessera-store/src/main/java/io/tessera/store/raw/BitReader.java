package io.tessera.store.raw;

/** Reads bit fields written by {@link BitWriter}; reusable across arrays. */
final class BitReader {

    private long[] words;
    private int position;

    void reset(long[] words) {
        this.words = words;
        this.position = 0;
    }

    /** Reads {@code n} bits, {@code 1 <= n <= 64}, as an unsigned value. */
    long read(int n) {
        int index = position >>> 6;
        int used = position & 63;
        int available = 64 - used;
        position += n;
        long head = (words[index] << used) >>> (64 - n);
        if (n <= available) {
            return head;
        }
        return head | (words[index + 1] >>> (64 - (n - available)));
    }

    /**
     * The next {@code n} bits, {@code 1 <= n <= 32}, without consuming them; bits past the end
     * of the array read as 0.
     */
    int peek(int n) {
        int index = position >>> 6;
        int used = position & 63;
        long w = words[index] << used;
        if (used + n > 64 && index + 1 < words.length) {
            w |= words[index + 1] >>> (64 - used);
        }
        return (int) (w >>> (64 - n));
    }

    void seek(int bitPosition) {
        position = bitPosition;
    }

    int position() {
        return position;
    }

    void skip(int n) {
        position += n;
    }

    boolean readBit() {
        long word = words[position >>> 6];
        boolean one = ((word >>> (63 - (position & 63))) & 1L) != 0;
        position++;
        return one;
    }
}
