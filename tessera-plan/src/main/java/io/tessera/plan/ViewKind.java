package io.tessera.plan;

import io.tessera.sketch.StateFamily;

/**
 * How a view's states are planned, built and read. Every layer that treats views differently
 * dispatches on this type once: the planner proposes candidates of a kind, an ingestion run builds
 * a kind's states, a query run reads them.
 */
public sealed interface ViewKind {

    /**
     * A state of an exact or sketch family per group and pane over a Scan's samples, read by
     * merging the panes a window covers and completing its edges from raw data.
     */
    record Panes(StateFamily family) implements ViewKind {}

    /** Each series' samples per pane, swept by {@code rate}/{@code increase}/{@code delta} over windows off the pane grid. */
    record Samples() implements ViewKind {}

    /** {@code sum by (…)} of {@code rate}/{@code increase}/{@code delta} kept as piecewise-linear curves per pane. */
    record Curves() implements ViewKind {}

    /** A node's instant vector kept at each pane end, read on that grid and corrected to times off it. */
    record EvaluationGrid() implements ViewKind {}

    /** A state per key columns and pane of one column of a SQL table. */
    record TableBuckets(StateFamily family) implements ViewKind {}

    /** The kind of {@code view}, a view of {@code dag}. */
    static ViewKind of(PhysicalDag dag, MaterializedView view) {
        PlanNode input = dag.node(view.state().input());
        StateFamily family = view.state().state().family();
        if (input instanceof TableWindow) {
            return new TableBuckets(family);
        }
        if (input.kind() == ValueKind.INSTANT_VECTOR) {
            return family == StateFamily.CURVE ? new Curves() : new EvaluationGrid();
        }
        return family == StateFamily.SAMPLES ? new Samples() : new Panes(family);
    }
}
