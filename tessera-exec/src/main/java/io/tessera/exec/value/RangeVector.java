package io.tessera.exec.value;

import io.tessera.core.Labels;

/**
 * For each series and each evaluation time {@code T} of the grid, the samples of the window
 * {@code (T - range, T]}: series {@code s} has samples {@code ts(s)/values(s)} in time order,
 * and step {@code i}'s window is the index range {@code [from(s)[i], to(s)[i])}. Stale markers
 * are not samples here.
 *
 * <p>{@code windowEnds} holds each step's window end when it is not the step's time (a window
 * moved by {@code offset} or pinned by {@code @}); null means the grid's times.
 */
public record RangeVector(
        StepGrid grid,
        long rangeMs,
        Labels[] labels,
        long[][] ts,
        double[][] values,
        int[][] from,
        int[][] to,
        int size,
        long[] windowEnds)
        implements Value {

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
