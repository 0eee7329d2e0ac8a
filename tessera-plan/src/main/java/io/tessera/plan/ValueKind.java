package io.tessera.plan;

/** What flows out of a node. */
public enum ValueKind {
    /** raw rows of matching series, as a Scan reads them */
    ROWS,
    /** per series, the samples of a window at each evaluation time */
    RANGE_VECTOR,
    /** per series, at most one value at each evaluation time */
    INSTANT_VECTOR,
    /** one value at each evaluation time */
    SCALAR,
    /** per group, a state over a pane or a window */
    STATES,
    STRING
}
