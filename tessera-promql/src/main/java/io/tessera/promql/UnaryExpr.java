package io.tessera.promql;

import java.util.Objects;

/** {@code -expr} or {@code +expr}; a sign directly before a number is folded into the number. */
public record UnaryExpr(UnaryOp op, Expr expr) implements Expr {

    public UnaryExpr {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(expr, "expr");
    }

    @Override
    public ValueType type() {
        return expr.type();
    }
}
