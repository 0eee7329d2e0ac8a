package io.tessera.plan;

/** A node that reads exactly one other node, {@code input}. */
public sealed interface SingleInputNode extends PlanNode permits TimeRange, TimeShift, Negate, PaneState, Subquery {

    /** The id of the node this one reads. */
    int input();

    @Override
    default int[] inputs() {
        return new int[] {input()};
    }
}
