package io.tessera.store.raw;

import io.tessera.core.Labels;
import java.util.Arrays;

/**
 * Every series of a store at one cut, in label order, with its chunks as they are encoded:
 * closed chunks oldest first, then the head chunk. Chunk words are shared with the store, not
 * copied; the head's last word is masked to the bits written before the cut, so an image is the
 * same whenever it is read.
 */
public final class RawImage {

    private final Labels[] labels;
    private final Chunk[][] closed;
    private final Chunk[] heads;
    private final int[] headBits;
    private final long sampleCount;

    private RawImage(Labels[] labels, Chunk[][] closed, Chunk[] heads, int[] headBits, long sampleCount) {
        this.labels = labels;
        this.closed = closed;
        this.heads = heads;
        this.headBits = headBits;
        this.sampleCount = sampleCount;
    }

    static RawImage capture(SeriesTable table, Runnable atCut) {
        MemSeries[] series;
        Chunk[][] closed;
        Chunk[] heads;
        int[] bits;
        table.lockAllStripes();
        try {
            atCut.run();
            series = table.byLabels.values().toArray(new MemSeries[0]);
            closed = new Chunk[series.length][];
            heads = new Chunk[series.length];
            bits = new int[series.length];
            for (int i = 0; i < series.length; i++) {
                SeriesView view = series[i].view();
                closed[i] = view.closed();
                heads[i] = view.head().writerView();
                bits[i] = view.head().bitLength();
            }
        } finally {
            table.unlockAllStripes();
        }
        Integer[] order = new Integer[series.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> series[a].labels.compareTo(series[b].labels));
        Labels[] sortedLabels = new Labels[series.length];
        Chunk[][] sortedClosed = new Chunk[series.length][];
        Chunk[] sortedHeads = new Chunk[series.length];
        int[] sortedBits = new int[series.length];
        long samples = 0;
        for (int i = 0; i < order.length; i++) {
            int from = order[i];
            sortedLabels[i] = series[from].labels;
            sortedClosed[i] = closed[from];
            sortedHeads[i] = heads[from];
            sortedBits[i] = bits[from];
            samples += heads[from].count();
            for (Chunk c : closed[from]) {
                samples += c.count();
            }
        }
        return new RawImage(sortedLabels, sortedClosed, sortedHeads, sortedBits, samples);
    }

    public int seriesCount() {
        return labels.length;
    }

    public long sampleCount() {
        return sampleCount;
    }

    public Labels labels(int series) {
        return labels[series];
    }

    /** Closed chunks plus the head: at least 1. */
    public int chunkCount(int series) {
        return closed[series].length + 1;
    }

    public int samples(int series, int chunk) {
        return chunk(series, chunk).count();
    }

    public long minTime(int series, int chunk) {
        return chunk(series, chunk).minTime();
    }

    public long maxTime(int series, int chunk) {
        return chunk(series, chunk).maxTime();
    }

    public int wordCount(int series, int chunk) {
        return chunk < closed[series].length ? closed[series][chunk].words().length : (headBits[series] + 63) >>> 6;
    }

    public long word(int series, int chunk, int index) {
        if (chunk < closed[series].length) {
            return closed[series][chunk].words()[index];
        }
        long w = heads[series].words()[index];
        int used = headBits[series] - 64 * index;
        return used >= 64 ? w : w & (-1L << (64 - used));
    }

    private Chunk chunk(int series, int chunk) {
        return chunk < closed[series].length ? closed[series][chunk] : heads[series];
    }
}
