package io.tessera.plan;

import io.tessera.promql.RangeFunctionKind;
import java.util.Optional;

/**
 * A function of a range vector evaluated per series and per evaluation time: {@code rate},
 * {@code sum_over_time}, {@code quantile_over_time}… {@code input} is the range vector;
 * {@code params} are the other arguments (scalars) in the order the function takes them.
 */
public record RangeFunction(String function, int input, int[] params) implements RangeFunctionNode {

    /** The function's entry in the range-function table; empty for a name it does not have (a hand-written plan's). */
    public Optional<RangeFunctionKind> functionKind() {
        return RangeFunctionKind.byName(function);
    }

    @Override
    public int[] operands() {
        return new int[] {input};
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RangeFunction r
                && r.function.equals(function)
                && r.input == input
                && java.util.Arrays.equals(r.params, params);
    }

    @Override
    public int hashCode() {
        return (function.hashCode() * 31 + input) * 31 + java.util.Arrays.hashCode(params);
    }
}
