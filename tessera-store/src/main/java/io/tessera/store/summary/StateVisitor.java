package io.tessera.store.summary;

import io.tessera.sketch.State;

/** Receives the states of one interval of an {@link IntervalStates}, one group at a time. */
@FunctionalInterface
public interface StateVisitor {

    void visit(int groupId, State state);
}
