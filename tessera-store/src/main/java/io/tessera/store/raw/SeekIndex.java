package io.tessera.store.raw;

import io.tessera.core.Search;

/**
 * Resume points inside a chunk, so that a read starting mid-chunk decodes at most
 * {@link #STRIDE} samples before its first one. Entry {@code j} describes sample
 * {@code (j + 1) * STRIDE} (0-based) as the decoder holds it right after decoding that sample: its
 * timestamp, its value bits, and one packed word with the delta to the previous timestamp, the
 * bit position after the sample and the leading/trailing-zero window in force.
 *
 * <p>An entry whose delta does not fit {@link #DELTA_BITS} signed bits is written as invalid
 * (packed word 0, never a valid position); a seek then resumes from an earlier entry. Only the
 * first {@link #entries(int)} entries of an array are meaningful for a chunk of {@code count}
 * samples; a head chunk's array may be longer and still growing.
 */
final class SeekIndex {

    /** Samples between resume points. */
    static final int STRIDE = 16;

    static final int LONGS_PER_ENTRY = 3;
    static final int ENTRY_BYTES = 8 * LONGS_PER_ENTRY;
    static final long[] NONE = new long[0];

    private static final int POSITION_BITS = 26;
    private static final int DELTA_BITS = 64 - POSITION_BITS - 12;

    private SeekIndex() {}

    /** How many entries a chunk of {@code count} samples has. */
    static int entries(int count) {
        return (count - 1) / STRIDE;
    }

    /** Whether the sample at 0-based index {@code sample} gets an entry. */
    static boolean isSeekPoint(int sample) {
        return sample > 0 && sample % STRIDE == 0;
    }

    /** Writes entry {@code entry}; returns false (and writes it invalid) when it cannot be represented. */
    static boolean put(
            long[] seek, int entry, long time, long bits, long delta, int position, int leading, int trailing) {
        int at = entry * LONGS_PER_ENTRY;
        seek[at] = time;
        seek[at + 1] = bits;
        boolean fits = XorFormat.fits(delta, DELTA_BITS) && position > 0 && position < (1 << POSITION_BITS);
        seek[at + 2] = fits ? pack(delta, position, leading, trailing) : 0;
        return fits;
    }

    private static long pack(long delta, int position, int leading, int trailing) {
        return (delta << (POSITION_BITS + 12))
                | ((long) position << 12)
                | ((long) (leading & 63) << 6)
                | (trailing & 63);
    }

    static long time(long[] seek, int entry) {
        return seek[entry * LONGS_PER_ENTRY];
    }

    static long bits(long[] seek, int entry) {
        return seek[entry * LONGS_PER_ENTRY + 1];
    }

    static boolean valid(long[] seek, int entry) {
        return seek[entry * LONGS_PER_ENTRY + 2] != 0;
    }

    static long delta(long[] seek, int entry) {
        return seek[entry * LONGS_PER_ENTRY + 2] >> (POSITION_BITS + 12);
    }

    static int position(long[] seek, int entry) {
        return (int) ((seek[entry * LONGS_PER_ENTRY + 2] >>> 12) & ((1 << POSITION_BITS) - 1));
    }

    static int leading(long[] seek, int entry) {
        return (int) ((seek[entry * LONGS_PER_ENTRY + 2] >>> 6) & 63);
    }

    static int trailing(long[] seek, int entry) {
        return (int) (seek[entry * LONGS_PER_ENTRY + 2] & 63);
    }

    /**
     * The last valid entry among the first {@code entries} whose sample is at or before
     * {@code time}, or -1 when a read must start at the chunk's first sample.
     */
    static int lastAtOrBefore(long[] seek, int entries, long time) {
        int e = Search.firstNotBefore(0, entries, k -> time(seek, k) <= time) - 1;
        while (e >= 0 && !valid(seek, e)) {
            e--;
        }
        return e;
    }

    /** Builds the index of an encoded chunk by decoding it once (chunks restored from disk). */
    static long[] build(long[] words, int count) {
        int n = entries(count);
        if (n == 0) {
            return NONE;
        }
        long[] seek = new long[n * LONGS_PER_ENTRY];
        XorDecoder decoder = new XorDecoder();
        decoder.reset(words, count, NONE);
        for (int i = 0; i < count; i++) {
            decoder.next();
            if (isSeekPoint(i)) {
                decoder.record(seek, i / STRIDE - 1);
            }
        }
        return seek;
    }
}
