package io.tessera.exec.value;

import io.tessera.core.Labels;
import java.util.Arrays;

/**
 * Raw samples grouped by series, each series' samples in time order, as a Scan hands them to
 * its TimeRanges. Stale markers are kept: the instant window needs them.
 *
 * <p>Rows read {@link #flat} keep every series' samples in one pair of arrays, series after
 * series; a reader that walks many series reads {@link #tsArray}, {@link #valuesArray} from
 * {@link #first} instead of following a pair of arrays per series. {@link #ts} and
 * {@link #values} then copy a series out the first time it is asked for, so flat rows are read by
 * one thread.
 */
public final class SeriesRows implements Value {

    private final Labels[] labels;
    private final long[][] ts;
    private final double[][] values;
    private final int[] counts;
    private final int size;
    private final long[] flatTs;
    private final double[] flatValues;
    private final int[] starts;

    public SeriesRows(Labels[] labels, long[][] ts, double[][] values, int[] counts, int size) {
        this(labels, ts, values, counts, size, null, null, null);
    }

    private SeriesRows(
            Labels[] labels,
            long[][] ts,
            double[][] values,
            int[] counts,
            int size,
            long[] flatTs,
            double[] flatValues,
            int[] starts) {
        this.labels = labels;
        this.ts = ts;
        this.values = values;
        this.counts = counts;
        this.size = size;
        this.flatTs = flatTs;
        this.flatValues = flatValues;
        this.starts = starts;
    }

    /** Series {@code s}'s samples are {@code [starts[s], starts[s] + counts[s])} of {@code ts} and {@code values}. */
    public static SeriesRows flat(Labels[] labels, long[] ts, double[] values, int[] starts, int[] counts, int size) {
        return new SeriesRows(labels, new long[size][], new double[size][], counts, size, ts, values, starts);
    }

    public int size() {
        return size;
    }

    public Labels labels(int s) {
        return labels[s];
    }

    public long[] ts(int s) {
        if (ts[s] == null) {
            ts[s] = Arrays.copyOfRange(flatTs, starts[s], starts[s] + counts[s]);
        }
        return ts[s];
    }

    public double[] values(int s) {
        if (values[s] == null) {
            values[s] = Arrays.copyOfRange(flatValues, starts[s], starts[s] + counts[s]);
        }
        return values[s];
    }

    /** The array holding series {@code s}'s times, from {@link #first}. */
    public long[] tsArray(int s) {
        return flatTs != null ? flatTs : ts[s];
    }

    /** The array holding series {@code s}'s values, from {@link #first}. */
    public double[] valuesArray(int s) {
        return flatValues != null ? flatValues : values[s];
    }

    /** Where series {@code s}'s samples begin in {@link #tsArray} and {@link #valuesArray}. */
    public int first(int s) {
        return flatTs != null ? starts[s] : 0;
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
