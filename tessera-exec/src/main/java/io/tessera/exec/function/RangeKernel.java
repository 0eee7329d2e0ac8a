package io.tessera.exec.function;

/**
 * A range-vector function of one series' window: the samples {@code [from, to)} of
 * {@code ts/v}, which lie in {@code (start, end]}; {@code evalT} is the evaluation time (which
 * differs from {@code end} under {@code offset} or {@code @}). Writes its value to
 * {@code out[0]} and returns true, or returns false when the window yields no point.
 */
@FunctionalInterface
interface RangeKernel {

    boolean apply(
            long[] ts, double[] v, int from, int to, long start, long end, long evalT, double[] params, double[] out);
}
