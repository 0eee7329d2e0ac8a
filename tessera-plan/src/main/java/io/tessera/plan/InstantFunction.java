package io.tessera.plan;

import io.tessera.core.Labels;
import java.util.Arrays;

/**
 * A function evaluated independently at each evaluation time: {@code abs}, {@code clamp},
 * {@code label_replace}, {@code time}, {@code histogram_quantile}…
 *
 * @param absentLabels for {@code absent} and {@code absent_over_time}: the labels its result
 *                     carries, taken from the equality matchers of the argument's selector;
 *                     {@link Labels#EMPTY} otherwise
 */
public record InstantFunction(String function, int[] args, ValueKind kind, Labels absentLabels) implements PlanNode {

    @Override
    public int[] inputs() {
        return args.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof InstantFunction f
                && f.function.equals(function)
                && Arrays.equals(f.args, args)
                && f.kind == kind
                && f.absentLabels.equals(absentLabels);
    }

    @Override
    public int hashCode() {
        return (function.hashCode() * 31 + Arrays.hashCode(args)) * 31 + absentLabels.hashCode();
    }
}
