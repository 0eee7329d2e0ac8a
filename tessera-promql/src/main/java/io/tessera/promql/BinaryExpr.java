package io.tessera.promql;

import java.util.Objects;

/**
 * {@code lhs op rhs}.
 *
 * @param matching   vector matching when both sides are instant vectors, else null
 * @param returnBool whether the comparison has the {@code bool} modifier
 */
public record BinaryExpr(BinaryOp op, Expr lhs, Expr rhs, VectorMatching matching, boolean returnBool) implements Expr {

    public BinaryExpr {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(lhs, "lhs");
        Objects.requireNonNull(rhs, "rhs");
    }

    @Override
    public ValueType type() {
        return lhs.type() == ValueType.SCALAR && rhs.type() == ValueType.SCALAR ? ValueType.SCALAR : ValueType.VECTOR;
    }
}
