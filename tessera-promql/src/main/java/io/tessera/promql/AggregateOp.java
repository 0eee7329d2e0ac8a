package io.tessera.promql;

import java.util.Locale;

/** The aggregation operators. */
public enum AggregateOp {
    SUM,
    AVG,
    COUNT,
    MIN,
    MAX,
    GROUP,
    STDDEV,
    STDVAR,
    TOPK,
    BOTTOMK,
    COUNT_VALUES,
    QUANTILE,
    LIMITK,
    LIMIT_RATIO;

    /** The keyword as printed, e.g. {@code count_values}. */
    public String keyword() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the operator takes a parameter before the aggregated expression. */
    public boolean hasParam() {
        return switch (this) {
            case TOPK, BOTTOMK, COUNT_VALUES, QUANTILE, LIMITK, LIMIT_RATIO -> true;
            default -> false;
        };
    }

    /** The type the parameter must have, or null when there is none. */
    public ValueType paramType() {
        if (!hasParam()) {
            return null;
        }
        return this == COUNT_VALUES ? ValueType.STRING : ValueType.SCALAR;
    }
}
