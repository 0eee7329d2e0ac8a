package io.tessera.plan;

/**
 * The values an evaluation-grid view kept: at each evaluation time T on the view's grid, the
 * instant vector its input sub-DAG had at T, read back from the view's state for the pane ending
 * at T. {@code view} is the id of a {@link PaneState} over an instant-vector node.
 */
public record ViewValue(int view) implements PlanNode {

    @Override
    public int[] inputs() {
        return new int[] {view};
    }

    @Override
    public ValueKind kind() {
        return ValueKind.INSTANT_VECTOR;
    }
}
