package io.tessera.promql;

/** How series on the two sides of a vector binary operation are matched. */
public enum Cardinality {
    ONE_TO_ONE,
    /** {@code group_left}. */
    MANY_TO_ONE,
    /** {@code group_right}. */
    ONE_TO_MANY,
    /** Set operators. */
    MANY_TO_MANY
}
