package io.tessera.exec.function;

/**
 * One series' samples and the window of the current evaluation step over them, which a
 * {@link RangeKernel} reads: the samples {@code [from, to)} of {@code ts/values}, which lie in
 * {@code (rangeStart, rangeEnd]}, the evaluation time (which differs from {@code rangeEnd} under
 * {@code offset} or {@code @}) and the function's scalar parameters at that step. One instance
 * is moved from series to series and step to step, with scratch space kernels reuse, so a step
 * allocates nothing.
 */
final class SeriesWindow {

    private long[] ts;
    private double[] values;
    private int from;
    private int to;
    private long rangeStart;
    private long rangeEnd;
    private long evalTime;
    private final double[] params;
    private double[] scratch = new double[64];
    private final double[] line = new double[2];

    SeriesWindow(int paramCount) {
        this.params = new double[paramCount];
    }

    /** Starts a series: its sample times (ms) and values. */
    void series(long[] seriesTs, double[] seriesValues) {
        this.ts = seriesTs;
        this.values = seriesValues;
    }

    /** Moves to the window {@code [first, end)} of the series' samples, over the range {@code (start, stop]} evaluated at {@code at}. */
    void window(int first, int end, long start, long stop, long at) {
        this.from = first;
        this.to = end;
        this.rangeStart = start;
        this.rangeEnd = stop;
        this.evalTime = at;
    }

    long[] ts() {
        return ts;
    }

    double[] values() {
        return values;
    }

    int from() {
        return from;
    }

    int to() {
        return to;
    }

    /** How many samples the window holds. */
    int count() {
        return to - from;
    }

    long rangeStart() {
        return rangeStart;
    }

    long rangeEnd() {
        return rangeEnd;
    }

    long evalTime() {
        return evalTime;
    }

    /** The parameters at this step, which the caller fills in before a kernel reads them. */
    double[] params() {
        return params;
    }

    /** Scratch space of at least {@code n} doubles, whose content is the caller's to overwrite. */
    double[] scratch(int n) {
        if (scratch.length < n) {
            scratch = new double[Math.max(n, scratch.length * 2)];
        }
        return scratch;
    }

    /** Two doubles of scratch for a fitted line: slope and intercept. */
    double[] line() {
        return line;
    }
}
