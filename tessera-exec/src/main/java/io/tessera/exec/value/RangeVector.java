package io.tessera.exec.value;

import io.tessera.core.Labels;

/**
 * For each series and each evaluation time {@code T} of the grid, the samples of the window
 * {@code (T - range, T]}: series {@code s} has samples {@code ts(s)/values(s)} in time order,
 * and step {@code i}'s window is the index range {@code [from(s)[i], to(s)[i])}. Stale markers
 * are not samples here.
 */
public final class RangeVector implements Value {

    private final StepGrid grid;
    private final long rangeMs;
    private final Labels[] labels;
    private final long[][] ts;
    private final double[][] values;
    private final int[][] from;
    private final int[][] to;
    private final int size;
    private final long[] windowEnds;

    public RangeVector(
            StepGrid grid,
            long rangeMs,
            Labels[] labels,
            long[][] ts,
            double[][] values,
            int[][] from,
            int[][] to,
            int size) {
        this(grid, rangeMs, labels, ts, values, from, to, size, null);
    }

    /**
     * As the other constructor, with each step's window end when it is not the step's time
     * (a window moved by {@code offset} or pinned by {@code @}); null means the grid's times.
     */
    public RangeVector(
            StepGrid grid,
            long rangeMs,
            Labels[] labels,
            long[][] ts,
            double[][] values,
            int[][] from,
            int[][] to,
            int size,
            long[] windowEnds) {
        this.windowEnds = windowEnds;
        this.grid = grid;
        this.rangeMs = rangeMs;
        this.labels = labels;
        this.ts = ts;
        this.values = values;
        this.from = from;
        this.to = to;
        this.size = size;
    }

    public StepGrid grid() {
        return grid;
    }

    public long rangeMs() {
        return rangeMs;
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

    /** First sample index of each step's window of series {@code s}. */
    public int[] from(int s) {
        return from[s];
    }

    /** One past the last sample index of each step's window of series {@code s}. */
    public int[] to(int s) {
        return to[s];
    }

    /** The end {@code T} of step {@code i}'s window {@code (T - range, T]}. */
    public long windowEnd(int step) {
        return windowEnds == null ? grid.time(step) : windowEnds[step];
    }
}
