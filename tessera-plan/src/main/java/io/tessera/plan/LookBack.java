package io.tessera.plan;

/**
 * How far before its evaluation time a node reads raw data: over every path down to a
 * TimeRange, the offsets and subquery ranges on the way plus the TimeRange's range (or
 * lookback). A sample at t can change the node's value at evaluation times in
 * {@code [t, t + lookBack]}.
 */
public final class LookBack {

    private LookBack() {}

    /** The look-back of {@code node}; nodes pinned by {@code @} are rejected by the caller. */
    public static long of(PhysicalDag dag, int node) {
        PlanNode n = dag.node(node);
        long own = switch (n) {
            case TimeRange t -> t.rangeMs();
            case TimeShift t -> t.offsetMs();
            case Subquery s -> s.rangeMs();
            default -> 0;
        };
        long below = 0;
        for (int input : n.inputs()) {
            below = Math.max(below, of(dag, input));
        }
        return own + below;
    }
}
