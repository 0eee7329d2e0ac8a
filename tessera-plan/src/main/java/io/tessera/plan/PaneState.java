package io.tessera.plan;

/**
 * One state per group and pane: the samples its input (a {@code TimeRange(RANGE, pane)} over a
 * Scan) holds for a pane, folded into a state of {@code state}'s family, grouped by
 * {@code grouping}. With a materialization it is a view: ingestion runs build its panes, and
 * query runs read them through {@link ViewRangeFunction}.
 */
public record PaneState(int input, StateSpec state, Grouping grouping, Materialization materialization)
        implements SingleInputNode {

    @Override
    public ValueKind kind() {
        return ValueKind.STATES;
    }
}
