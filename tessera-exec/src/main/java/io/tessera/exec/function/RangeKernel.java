package io.tessera.exec.function;

/**
 * A range-vector function of one series' window: writes its value to {@code out[0]} and returns
 * true, or returns false when the window yields no point.
 */
@FunctionalInterface
interface RangeKernel {

    boolean apply(SeriesWindow window, double[] out);
}
