package io.tessera.plan;

import io.tessera.promql.BinaryOp;
import io.tessera.promql.VectorMatching;

/**
 * A binary operator between two values at each evaluation time, with Prometheus' vector matching
 * when both sides are instant vectors ({@code matching} is null otherwise).
 */
public record VectorBinary(BinaryOp op, int lhs, int rhs, VectorMatching matching, boolean returnBool, ValueKind kind)
        implements PlanNode {

    @Override
    public int[] inputs() {
        return new int[] {lhs, rhs};
    }
}
