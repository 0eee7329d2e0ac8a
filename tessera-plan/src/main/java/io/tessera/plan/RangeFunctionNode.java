package io.tessera.plan;

/**
 * A range function evaluated per series at each evaluation time, in one of its forms: from raw
 * data ({@link RangeFunction}), from a view ({@link ViewRangeFunction}), or from an
 * evaluation-grid view's value corrected off its grid ({@link GridCorrection}). Its inputs are
 * the nodes it reads, then the function's scalar parameters in the order the function takes them.
 */
public sealed interface RangeFunctionNode extends PlanNode permits RangeFunction, ViewRangeFunction, GridCorrection {

    /** The function's name: {@code rate}, {@code sum_over_time}, {@code quantile_over_time}… */
    String function();

    /** The ids of the function's scalar arguments. */
    int[] params();

    /** The ids of the nodes the function reads, before its parameters. */
    int[] operands();

    @Override
    default int[] inputs() {
        int[] operands = operands();
        int[] params = params();
        int[] all = new int[operands.length + params.length];
        System.arraycopy(operands, 0, all, 0, operands.length);
        System.arraycopy(params, 0, all, operands.length, params.length);
        return all;
    }

    @Override
    default ValueKind kind() {
        return ValueKind.INSTANT_VECTOR;
    }
}
