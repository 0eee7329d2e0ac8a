package io.tessera.store.raw;

import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import java.util.Arrays;

/**
 * Loads series, chunk by chunk, into an empty store: closed chunks are adopted as they are, and
 * the last chunk of each series is decoded and re-encoded as its head, which yields the same
 * bits and lets appends continue. Series are registered in batches; {@link #finish} registers
 * the rest. Not thread-safe; for recovery only.
 */
public final class RawRestore {

    private static final int BATCH = 4096;

    private final SeriesTable table;
    private final XorDecoder decoder = new XorDecoder();
    private Labels[] batchLabels = new Labels[BATCH];
    private SeriesView[] batchViews = new SeriesView[BATCH];
    private int batched;
    private Chunk[] chunks = new Chunk[16];
    private int chunkCount;
    private Labels open;
    private long samples;
    private long newest = Long.MIN_VALUE;

    RawRestore(SeriesTable table) {
        if (!table.byLabels.isEmpty()) {
            throw new IllegalStateException("a store can only be restored while empty");
        }
        this.table = table;
    }

    /** Opens a series; its chunks follow, oldest first, the head last. */
    public void series(Labels labels) {
        if (open != null) {
            endSeries();
        }
        open = labels;
        chunkCount = 0;
    }

    /**
     * Adds a chunk of the open series; {@code words} is adopted.
     *
     * @throws InvalidInputException when the chunk does not follow the previous one in time
     */
    public void chunk(long[] words, int count, long minTime, long maxTime) {
        if (open == null) {
            throw new IllegalStateException("open a series before its chunks");
        }
        if (count < 1 || minTime > maxTime || count == 1 && minTime != maxTime) {
            throw new InvalidInputException("chunk " + chunkCount + " of " + open + " has " + count + " samples over ["
                    + minTime + ", " + maxTime + "]");
        }
        if (chunkCount > 0 && chunks[chunkCount - 1].maxTime() >= minTime) {
            throw new InvalidInputException("chunk " + chunkCount + " of " + open + " starts at " + minTime
                    + ", not after the previous chunk's end " + chunks[chunkCount - 1].maxTime());
        }
        if (chunkCount == chunks.length) {
            chunks = Arrays.copyOf(chunks, chunkCount * 2);
        }
        try {
            chunks[chunkCount++] = Chunk.restored(words, count, minTime, maxTime);
        } catch (ArrayIndexOutOfBoundsException e) {
            throw new InvalidInputException(
                    "chunk " + (chunkCount - 1) + " of " + open + " does not decode to " + count + " samples");
        }
    }

    private void endSeries() {
        if (chunkCount == 0) {
            throw new InvalidInputException("series " + open + " has no chunks");
        }
        Chunk last = chunks[chunkCount - 1];
        decoder.reset(last);
        HeadChunk head = null;
        long previous = Long.MIN_VALUE;
        for (int i = 0; i < last.count(); i++) {
            decoder.next();
            long t = decoder.time();
            if (i > 0 && t <= previous || t < last.minTime() || t > last.maxTime()) {
                throw new InvalidInputException("the head chunk of " + open
                        + " does not decode to ascending samples in [" + last.minTime() + ", " + last.maxTime() + "]");
            }
            if (head == null) {
                head = new HeadChunk(t, decoder.bits());
            } else {
                head.append(t, decoder.bits());
            }
            previous = t;
        }
        if (previous != last.maxTime()) {
            throw new InvalidInputException(
                    "the head chunk of " + open + " ends at " + previous + ", not at " + last.maxTime());
        }
        for (int i = 0; i < chunkCount; i++) {
            samples += chunks[i].count();
        }
        newest = Math.max(newest, last.maxTime());
        batchLabels[batched] = open;
        batchViews[batched++] = new SeriesView(Arrays.copyOf(chunks, chunkCount - 1), head);
        open = null;
        if (batched == BATCH) {
            register();
        }
    }

    private void register() {
        long bytes = 0;
        long chunkTotal = 0;
        long memory = 0;
        for (MemSeries series : table.index.add(batchLabels, batchViews, batched)) {
            if (table.byLabels.putIfAbsent(series.labels, series) != null) {
                throw new InvalidInputException("series " + series.labels + " is restored twice");
            }
            bytes += series.chunkBytes();
            chunkTotal += series.view().closed().length + 1;
            memory += series.memoryBytes();
        }
        table.chunkBytes.addAndGet(bytes);
        table.chunkCount.addAndGet(chunkTotal);
        table.memory.add(memory);
        table.samples.addAndGet(samples);
        if (newest > table.restoredUpTo) {
            table.restoredUpTo = newest;
        }
        samples = 0;
        table.changed();
        Arrays.fill(batchLabels, 0, batched, null);
        Arrays.fill(batchViews, 0, batched, null);
        batched = 0;
    }

    /** Registers every series added so far. */
    public void finish() {
        if (open != null) {
            endSeries();
        }
        if (batched > 0) {
            register();
        }
    }
}
