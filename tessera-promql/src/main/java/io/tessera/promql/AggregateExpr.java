package io.tessera.promql;

import java.util.List;
import java.util.Objects;

/**
 * {@code op [by|without (grouping)] ([param,] expr)}.
 *
 * @param param    the parameter of {@code topk}, {@code quantile}, {@code count_values}, … or null
 * @param grouping the {@code by} or {@code without} labels, empty when neither was written
 */
public record AggregateExpr(AggregateOp op, Expr param, Expr expr, List<String> grouping, boolean without)
        implements Expr {

    public AggregateExpr {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(expr, "expr");
        grouping = List.copyOf(grouping);
    }

    @Override
    public ValueType type() {
        return ValueType.VECTOR;
    }
}
