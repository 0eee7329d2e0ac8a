package io.tessera.plan;

import java.util.Arrays;

/**
 * A range function at an evaluation time T off an evaluation-grid view's grid, corrected from the
 * value the view kept at the grid point g ≤ T: the window {@code (T - w, T]} differs from
 * {@code (g - w, g]} by the raw samples in {@code (g, T]} (added) and {@code (g - w, T - w]}
 * (removed), which are read from the Scan under {@code range}, a few samples per series.
 * {@code value} is the view of the function itself, {@code count} the view of
 * {@code count_over_time} over the same range (it tells whether a series still has samples, and
 * weighs an average or a rank); {@code params} are the function's, as the RangeFunction takes them.
 */
public record GridCorrection(String function, int value, int count, int range, int[] params)
        implements RangeFunctionNode {

    @Override
    public int[] operands() {
        return new int[] {value, count, range};
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GridCorrection c
                && c.function.equals(function)
                && c.value == value
                && c.count == count
                && c.range == range
                && Arrays.equals(c.params, params);
    }

    @Override
    public int hashCode() {
        return (((function.hashCode() * 31 + value) * 31 + count) * 31 + range) * 31 + Arrays.hashCode(params);
    }

    @Override
    public String toString() {
        return "GridCorrection[" + function + ", value=" + value + ", count=" + count + ", range=" + range + ", params="
                + Arrays.toString(params) + "]";
    }
}
