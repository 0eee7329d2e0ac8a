package io.tessera.store.raw;

/**
 * The newest sample of a series in {@code (start, end]}, found without decoding the samples
 * before it: the one chunk that can hold it is picked by its times, and decoding resumes at that
 * chunk's last seek point at or before {@code end}. What an instant vector selector needs. Not
 * thread-safe; one per read.
 */
final class NewestSample {

    private final XorDecoder decoder = new XorDecoder();
    private long time;
    private long bits;

    /** Whether the series has a sample in {@code (start, end]}; if so {@link #time()} and {@link #bits()} are its newest. */
    boolean find(SeriesView view, long start, long end) {
        Chunk chunk = chunkHolding(view, end);
        if (chunk == null || chunk.count() == 0) {
            return false;
        }
        decoder.reset(chunk);
        decoder.skipTo(end);
        boolean found = false;
        while (decoder.next() && decoder.time() <= end) {
            time = decoder.time();
            bits = decoder.bits();
            found = true;
        }
        return found && time > start;
    }

    long time() {
        return time;
    }

    long bits() {
        return bits;
    }

    /** The newest chunk whose first sample is at or before {@code end}; chunks are time-disjoint and ascending. */
    private static Chunk chunkHolding(SeriesView view, long end) {
        Chunk[] closed = view.closed();
        int i = view.firstEndingAtOrAfter(end);
        if (i < closed.length) {
            return closed[i].minTime() <= end ? closed[i] : i > 0 ? closed[i - 1] : null;
        }
        Chunk head = view.head().snapshot();
        if (head.count() > 0 && head.minTime() <= end) {
            return head;
        }
        return i > 0 ? closed[i - 1] : null;
    }
}
