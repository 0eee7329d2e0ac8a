package io.tessera.spi;

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

    /**
     * Changes whenever late data reached a built pane of the view: whatever a caller keeps from
     * these states between runs must be kept under this number, so that it is not used with the
     * panes rebuilt later.
     */
    default long version() {
        return 0;
    }

    Interval pane(int i);

    void forEach(int pane, Visitor visitor);

    /** How many states {@link #forEach} visits for {@code pane}. */
    int stateCount(int pane);

    /** Receives one state of a pane and its group's id in {@link #groups()}. */
    @FunctionalInterface
    interface GroupVisitor {
        void visit(int groupId, State state);
    }

    /** The groups' label sets by id, when the store keeps them in such a table; null otherwise. */
    default LabelsTable groups() {
        return null;
    }

    /** As {@link #forEach}, naming each group by its id in {@link #groups()}; only when that is not null. */
    default void forEachGroup(int pane, GroupVisitor visitor) {
        throw new UnsupportedOperationException("these states have no group table");
    }
}
