package io.tessera.exec.view;

import io.tessera.plan.StateSpec;
import io.tessera.sketch.DdSketchState;
import io.tessera.sketch.DistinctState;
import io.tessera.sketch.ExactStates;
import io.tessera.sketch.FrequentState;
import io.tessera.sketch.KllState;
import io.tessera.sketch.State;

/** New empty states of a {@link StateSpec}'s family and parameters. */
public final class StateFactory {

    private StateFactory() {}

    public static State create(StateSpec spec) {
        return switch (spec.family()) {
            case KLL -> new KllState((int) spec.param("k", KllState.DEFAULT_K));
            case DDSKETCH -> new DdSketchState(spec.param("relative_accuracy", 0.01));
            case DISTINCT -> new DistinctState((int) spec.param("lg_k", DistinctState.DEFAULT_LG_K));
            case FREQUENT ->
                new FrequentState(
                        spec.param("epsilon", FrequentState.DEFAULT_EPSILON),
                        spec.param("delta", FrequentState.DEFAULT_DELTA),
                        (int) spec.param("capacity", FrequentState.DEFAULT_CAPACITY));
            default -> ExactStates.empty(spec.family());
        };
    }
}
