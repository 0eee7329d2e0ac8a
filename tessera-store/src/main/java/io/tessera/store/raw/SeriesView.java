package io.tessera.store.raw;

import io.tessera.core.Search;

/**
 * What readers of one series see: its closed chunks, oldest first, and its head chunk, all
 * time-disjoint and ascending. Replaced as a whole (copy on write) whenever the chunk list
 * changes; appends to the head do not replace it. {@code maxTimes} holds the closed chunks'
 * maximum times, so that a read finds its first chunk without touching the others.
 */
record SeriesView(Chunk[] closed, HeadChunk head, long[] maxTimes) {

    SeriesView(Chunk[] closed, HeadChunk head) {
        this(closed, head, maxTimesOf(closed));
    }

    private static long[] maxTimesOf(Chunk[] closed) {
        long[] out = new long[closed.length];
        for (int i = 0; i < closed.length; i++) {
            out[i] = closed[i].maxTime();
        }
        return out;
    }

    /** The index of the first closed chunk whose maximum time is at least {@code time}. */
    int firstEndingAtOrAfter(long time) {
        return Search.firstAtLeast(maxTimes, 0, maxTimes.length, time);
    }

    /** Whether a read of times up to {@code end} may need the head chunk. */
    boolean headMayHold(long start, long end) {
        return maxTimes.length == 0 || end > maxTimes[maxTimes.length - 1];
    }
}
