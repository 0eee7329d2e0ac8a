package io.tessera.plan;

import java.util.Arrays;

/**
 * A range function answered from a view: at each evaluation time T, the view's pane states for
 * each group over {@code (T - windowMs, T]} are merged (with exact states built from raw data
 * for the edges of a window that is off the pane grid) and finalized as {@code function}
 * ({@code sum_over_time}, {@code rate}, {@code quantile_over_time}…), with {@code params} as
 * the RangeFunction it replaces takes them. {@code view} is the id of a {@link PaneState}.
 */
public record ViewRangeFunction(String function, int view, long windowMs, int[] params) implements RangeFunctionNode {

    @Override
    public int[] operands() {
        return new int[] {view};
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ViewRangeFunction v
                && v.function.equals(function)
                && v.view == view
                && v.windowMs == windowMs
                && Arrays.equals(v.params, params);
    }

    @Override
    public int hashCode() {
        return ((function.hashCode() * 31 + view) * 31 + Long.hashCode(windowMs)) * 31 + Arrays.hashCode(params);
    }
}
