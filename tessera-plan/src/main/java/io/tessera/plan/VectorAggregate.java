package io.tessera.plan;

import io.tessera.promql.AggregateOp;
import java.util.List;

/**
 * An aggregation across series at each evaluation time, grouped {@code by} or {@code without}
 * labels; {@code param} is the node of topk's k, quantile's φ or count_values' label, or -1.
 */
public record VectorAggregate(AggregateOp op, int input, int param, List<String> grouping, boolean without)
        implements PlanNode {

    public VectorAggregate {
        grouping = List.copyOf(grouping);
    }

    @Override
    public int[] inputs() {
        return param < 0 ? new int[] {input} : new int[] {input, param};
    }

    @Override
    public ValueKind kind() {
        return ValueKind.INSTANT_VECTOR;
    }
}
