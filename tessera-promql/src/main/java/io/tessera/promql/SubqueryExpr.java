package io.tessera.promql;

import java.util.Objects;

/**
 * A subquery {@code expr[range:step]}.
 *
 * @param stepMillis   the resolution, or 0 for the default evaluation interval ({@code [1h:]})
 * @param offsetMillis the {@code offset} modifier, 0 when absent
 * @param at           the {@code @} modifier, or null
 */
public record SubqueryExpr(Expr expr, long rangeMillis, long stepMillis, long offsetMillis, AtModifier at)
        implements Expr {

    public SubqueryExpr {
        Objects.requireNonNull(expr, "expr");
    }

    public SubqueryExpr withOffset(long newOffsetMillis) {
        return new SubqueryExpr(expr, rangeMillis, stepMillis, newOffsetMillis, at);
    }

    public SubqueryExpr withAt(AtModifier newAt) {
        return new SubqueryExpr(expr, rangeMillis, stepMillis, offsetMillis, newAt);
    }

    @Override
    public ValueType type() {
        return ValueType.MATRIX;
    }
}
