package io.tessera.exec.value;

import io.tessera.core.Labels;

/**
 * Raw samples grouped by series, each series' samples in time order, as a Scan hands them to
 * its TimeRanges. Stale markers are kept: the instant window needs them.
 */
public final class SeriesRows implements Value {

    private final Labels[] labels;
    private final long[][] ts;
    private final double[][] values;
    private final int[] counts;
    private final int size;

    public SeriesRows(Labels[] labels, long[][] ts, double[][] values, int[] counts, int size) {
        this.labels = labels;
        this.ts = ts;
        this.values = values;
        this.counts = counts;
        this.size = size;
    }

    public int size() {
        return size;
    }

    public Labels labels(int s) {
        return labels[s];
    }

    public long[] ts(int s) {
        return ts[s];
    }

    public double[] values(int s) {
        return values[s];
    }

    /** Number of samples of series {@code s}; its arrays may be longer. */
    public int count(int s) {
        return counts[s];
    }

    public long sampleCount() {
        long n = 0;
        for (int s = 0; s < size; s++) {
            n += counts[s];
        }
        return n;
    }
}
