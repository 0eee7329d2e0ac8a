package io.tessera.plan;

import io.tessera.spi.ViewId;

/**
 * A node whose output is kept across evaluations, as a deployment sees it: its identity (a
 * content hash of the sub-DAG that defines it), the node, and how it is kept. Two equal
 * defining sub-DAGs are one view.
 *
 * @param definitionId content hash of the defining sub-DAG; the summary store keys states by it
 * @param node         the id of the {@link PaneState} node in its DAG
 * @param inputs       the views this one is built from (none while views read raw data only)
 */
public record MaterializedView(String definitionId, int node, PaneState state, java.util.List<String> inputs) {

    public MaterializedView {
        inputs = java.util.List.copyOf(inputs);
    }

    /** The view as a store knows it. */
    public ViewId viewId() {
        return new ViewId(definitionId);
    }

    public Materialization materialization() {
        return state.materialization();
    }

    public long paneMs() {
        return state.materialization().paneMs();
    }

    public long phaseMs() {
        return state.materialization().phaseMs();
    }
}
