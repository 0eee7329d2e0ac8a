package io.tessera.plan;

import io.tessera.sql.AggregateFunction;
import java.util.List;

/**
 * One row per distinct combination of the {@code keys} columns (exactly one row when there are no
 * keys, even over no input), with the key columns followed by one column per aggregate.
 */
public record GroupedAggregate(int input, List<String> keys, List<Spec> aggregates) implements SqlNode {

    public GroupedAggregate {
        keys = List.copyOf(keys);
        aggregates = List.copyOf(aggregates);
    }

    /** {@code function} of {@code column} (null for {@code COUNT(*)}) as column {@code output}; {@code fraction} for quantiles. */
    public record Spec(AggregateFunction function, String column, double fraction, String output) {}
}
