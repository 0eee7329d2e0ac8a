package io.tessera.store.raw;

/** The samples of one series snapshot within {@code (start, end]}, in time order; reusable. */
final class SampleIterator {

    private final XorDecoder decoder = new XorDecoder();
    private Chunk[] closed;
    private Chunk head;
    private int index;
    private boolean inChunk;
    private boolean done;
    private long start;
    private long end;
    private long time;
    private long bits;

    void reset(SeriesView view, long start, long end) {
        reset(view, view.head().snapshot(), start, end);
    }

    /**
     * Over one snapshot of a series, taken once for several reads; {@code head} may be null
     * when {@link SeriesView#headMayHold} says the read does not reach it.
     */
    void reset(SeriesView view, Chunk head, long start, long end) {
        this.closed = view.closed();
        this.head = head;
        this.start = start;
        this.end = end;
        this.inChunk = false;
        this.done = start >= end;
        this.index = done ? 0 : view.firstEndingAtOrAfter(start + 1);
    }

    boolean next() {
        while (!done) {
            if (!inChunk) {
                Chunk chunk = index < closed.length ? closed[index] : index == closed.length ? head : null;
                if (chunk == null || chunk.minTime() > end) {
                    done = true;
                    return false;
                }
                if (chunk.maxTime() <= start) {
                    index++;
                    continue;
                }
                decoder.reset(chunk);
                if (chunk.minTime() <= start) {
                    decoder.skipTo(start);
                }
                inChunk = true;
            }
            while (decoder.next()) {
                long t = decoder.time();
                if (t > end) {
                    done = true;
                    return false;
                }
                if (t > start) {
                    time = t;
                    bits = decoder.bits();
                    return true;
                }
            }
            inChunk = false;
            index++;
        }
        return false;
    }

    long time() {
        return time;
    }

    long bits() {
        return bits;
    }
}
