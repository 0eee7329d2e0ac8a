package io.tessera.promql;

import java.util.Objects;

/** Parentheses are kept so that printing gives back the grouping that was written. */
public record ParenExpr(Expr expr) implements Expr {

    public ParenExpr {
        Objects.requireNonNull(expr, "expr");
    }

    @Override
    public ValueType type() {
        return expr.type();
    }
}
