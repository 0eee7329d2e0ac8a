package io.tessera.exec.op;

import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.RangeVector;
import io.tessera.exec.value.StepGrid;

/**
 * Collects the series of a range vector over a grid, finding for each series the index range of
 * its samples in every window {@code (T - range, T]}.
 */
final class RangeVectorBuilder {

    /** One series' windows: step {@code i} holds samples {@code [from[i], to[i])}. */
    record Windows(int[] from, int[] to, boolean anySample) {}

    private final StepGrid grid;
    private final long rangeMs;
    private final RunContext context;
    private final Labels[] labels;
    private final long[][] ts;
    private final double[][] values;
    private final int[][] from;
    private final int[][] to;
    private int kept;

    RangeVectorBuilder(StepGrid grid, long rangeMs, int capacity, RunContext context) {
        this.grid = grid;
        this.rangeMs = rangeMs;
        this.context = context;
        this.labels = new Labels[capacity];
        this.ts = new long[capacity][];
        this.values = new double[capacity][];
        this.from = new int[capacity][];
        this.to = new int[capacity][];
    }

    /** The windows of the samples at {@code times[0..count)}, which are in time order. */
    Windows windows(long[] times, int count) {
        int steps = grid.size();
        int[] f = new int[steps];
        int[] t = new int[steps];
        int lo = 0;
        int hi = 0;
        boolean any = false;
        for (int i = 0; i < steps; i++) {
            context.checkAliveEvery(i);
            long end = grid.time(i);
            long start = end - rangeMs;
            while (lo < count && times[lo] <= start) {
                lo++;
            }
            if (hi < lo) {
                hi = lo;
            }
            while (hi < count && times[hi] <= end) {
                hi++;
            }
            f[i] = lo;
            t[i] = hi;
            any |= hi > lo;
        }
        return new Windows(f, t, any);
    }

    void add(Labels series, long[] times, double[] samples, Windows windows) {
        labels[kept] = series;
        ts[kept] = times;
        values[kept] = samples;
        from[kept] = windows.from();
        to[kept] = windows.to();
        kept++;
    }

    RangeVector build() {
        return new RangeVector(grid, rangeMs, labels, ts, values, from, to, kept, null);
    }
}
