package io.tessera.exec;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.sketch.State;

/**
 * The answer to a {@link MaterializedViewRequest}: for each requested pane, every group's
 * state. A pane with no group is an empty pane the view recorded, never a missing one: a store
 * that lacks a pane throws {@link io.tessera.core.MissingStateException} instead.
 */
public interface ViewStates {

    /** Receives one state of a pane. States belong to the store: merge copies, never them. */
    @FunctionalInterface
    interface Visitor {
        void visit(Labels group, State state);
    }

    int paneCount();

    Interval pane(int i);

    void forEach(int pane, Visitor visitor);
}
