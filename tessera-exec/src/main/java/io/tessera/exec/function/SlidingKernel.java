package io.tessera.exec.function;

/**
 * A range-vector function evaluated at consecutive steps of one series by carrying work from
 * window to window, where the windows of a range query overlap.
 */
interface SlidingKernel {

    /** Starts a series: every later window lies in {@code vs[from, to)}, and windows move forward from call to call. */
    void reset(double[] vs, int from, int to);

    /**
     * Writes the value of window {@code vs[from, to)} to {@code out[0]} and returns true, or
     * returns false when this window is better left to the function's {@link RangeKernel}.
     */
    boolean apply(double[] vs, int from, int to, double[] params, double[] out);
}
