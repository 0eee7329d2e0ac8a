package io.tessera.store.raw;

import io.tessera.core.Labels;

/**
 * Walks the series a selection matched, in label order, and the samples of each within the
 * requested range, in time order. Only series with at least one sample in the range are
 * visited. Each series is read from one snapshot taken when the cursor reaches it: a consistent
 * prefix of what has been appended. Not thread-safe; one cursor per scan.
 */
public final class SeriesCursor {

    private final MemSeries[] series;
    private final long start;
    private final long end;
    private final SampleIterator samples = new SampleIterator();
    private int index = -1;
    private boolean pending;

    SeriesCursor(MemSeries[] series, long start, long end) {
        this.series = series;
        this.start = start;
        this.end = end;
    }

    /** Moves to the next series with a sample in range; false when there is none. */
    public boolean nextSeries() {
        while (++index < series.length) {
            samples.reset(series[index].view(), start, end);
            if (samples.next()) {
                pending = true;
                return true;
            }
        }
        pending = false;
        return false;
    }

    /** The labels of the current series; the store's own instance, shared by every read. */
    public Labels labels() {
        return series[index].labels;
    }

    /**
     * Copies up to {@code max} further samples of the current series into the arrays from
     * {@code offset}; returns how many, 0 once the series is exhausted.
     */
    public int nextSamples(long[] timestamps, double[] values, int offset, int max) {
        int n = 0;
        while (n < max && pending) {
            timestamps[offset + n] = samples.time();
            values[offset + n] = Double.longBitsToDouble(samples.bits());
            n++;
            pending = samples.next();
        }
        return n;
    }

    /** How many series the selection matched, before the range filter. */
    public int candidateCount() {
        return series.length;
    }
}
