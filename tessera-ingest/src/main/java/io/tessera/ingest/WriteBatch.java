package io.tessera.ingest;

import io.tessera.core.Labels;

/**
 * One decoded and validated write request, in columns: a label set per series and, per series,
 * a contiguous run of samples in {@code timestamps}/{@code values}. Every series has a valid,
 * non-empty label set with a metric name; the same label set may occur in several series.
 * Exemplars, native histograms and metadata are counted, not kept. Immutable once built;
 * see {@link WriteBatchBuilder}.
 */
public final class WriteBatch {

    private final Labels[] labels;
    private final int[] seriesStart;
    private final long[] timestamps;
    private final double[] values;
    private final int seriesCount;
    private final int sampleCount;
    private final SkippedCounts skipped;

    /** @param seriesStart where each series' samples start; {@code seriesStart[seriesCount]} is the sample count */
    WriteBatch(
            Labels[] labels,
            int[] seriesStart,
            int seriesCount,
            long[] timestamps,
            double[] values,
            SkippedCounts skipped) {
        this.labels = labels;
        this.seriesStart = seriesStart;
        this.seriesCount = seriesCount;
        this.sampleCount = seriesStart[seriesCount];
        this.timestamps = timestamps;
        this.values = values;
        this.skipped = skipped;
    }

    Labels[] rawLabels() {
        return labels;
    }

    int[] rawSeriesStart() {
        return seriesStart;
    }

    long[] rawTimestamps() {
        return timestamps;
    }

    double[] rawValues() {
        return values;
    }

    public int seriesCount() {
        return seriesCount;
    }

    public Labels labels(int series) {
        checkSeries(series);
        return labels[series];
    }

    /** Index of the series' first sample. */
    public int sampleStart(int series) {
        checkSeries(series);
        return seriesStart[series];
    }

    /** One past the index of the series' last sample. */
    public int sampleEnd(int series) {
        checkSeries(series);
        return seriesStart[series + 1];
    }

    public int sampleCount() {
        return sampleCount;
    }

    /** Timestamp of sample {@code i}, epoch milliseconds. */
    public long timestamp(int i) {
        checkSample(i);
        return timestamps[i];
    }

    /** Value of sample {@code i}, with its exact bits (stale markers included). */
    public double value(int i) {
        checkSample(i);
        return values[i];
    }

    /** The exemplars, native histograms and metadata entries the request carried. */
    public SkippedCounts skipped() {
        return skipped;
    }

    /** Calls {@code visitor} once per series, in order, with that series' slice of the sample columns. */
    public void forEachSeries(SeriesVisitor visitor) {
        for (int s = 0; s < seriesCount; s++) {
            visitor.series(s, labels[s], timestamps, values, seriesStart[s], seriesStart[s + 1]);
        }
    }

    /** Calls {@code visitor} once per sample, series by series. */
    public void forEachSample(SampleVisitor visitor) {
        for (int s = 0; s < seriesCount; s++) {
            Labels ls = labels[s];
            for (int i = seriesStart[s], end = seriesStart[s + 1]; i < end; i++) {
                visitor.sample(ls, timestamps[i], values[i]);
            }
        }
    }

    private void checkSeries(int series) {
        checkIndex("series", series, seriesCount);
    }

    private void checkSample(int i) {
        checkIndex("sample", i, sampleCount);
    }

    private static void checkIndex(String what, int i, int count) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException(what + " " + i + " of " + count);
        }
    }

    @Override
    public String toString() {
        return "WriteBatch{series=" + seriesCount + ", samples=" + sampleCount + ", exemplars="
                + skipped.exemplars() + ", histograms=" + skipped.histograms() + ", metadata=" + skipped.metadata()
                + "}";
    }
}
