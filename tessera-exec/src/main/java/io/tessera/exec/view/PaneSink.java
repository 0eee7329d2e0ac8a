package io.tessera.exec.view;

import io.tessera.core.Labels;
import io.tessera.sketch.State;

/**
 * Takes the states an ingestion run builds as it builds them, view by view and pane by pane, so
 * that nothing holds a whole run's states in per-pane maps on their way to the store. What every
 * kind's builder hands its states to.
 */
public interface PaneSink {

    /** View {@code view}'s states of this run are about to come: {@code states} of them. */
    default void expect(int view, int states) {}

    /** The state of {@code group} in pane {@code pane} (0 for the run's first) of view {@code view} (its index in the run's list). */
    void state(int view, int pane, Labels group, State state);

    /** Pane {@code pane} of view {@code view} holds no state of any group. */
    void emptyPane(int view, int pane);
}
