package io.tessera.exec.view;

import io.tessera.plan.StateSpec;
import io.tessera.sketch.DdSketchState;
import io.tessera.sketch.DistinctState;
import io.tessera.sketch.ExactStates;
import io.tessera.sketch.FrequentState;
import io.tessera.sketch.KllState;
import io.tessera.sketch.State;
import io.tessera.sketch.StateFamily;
import java.util.function.Supplier;

/** New empty states of a {@link StateSpec}'s family and parameters. */
public final class StateFactory {

    private StateFactory() {}

    public static State create(StateSpec spec) {
        return of(spec).get();
    }

    /**
     * A maker of new empty states of {@code spec}, its parameters read once: for the loops that
     * make a state per group and pane.
     */
    public static Supplier<State> of(StateSpec spec) {
        return switch (spec.family()) {
            case KLL -> {
                int k = (int) spec.param("k", KllState.DEFAULT_K);
                yield () -> new KllState(k);
            }
            case DDSKETCH -> {
                double accuracy = spec.param("relative_accuracy", 0.01);
                yield () -> new DdSketchState(accuracy);
            }
            case DISTINCT -> {
                int lgK = (int) spec.param("lg_k", DistinctState.DEFAULT_LG_K);
                yield () -> new DistinctState(lgK);
            }
            case FREQUENT -> {
                double epsilon = spec.param("epsilon", FrequentState.DEFAULT_EPSILON);
                double delta = spec.param("delta", FrequentState.DEFAULT_DELTA);
                int capacity = (int) spec.param("capacity", FrequentState.DEFAULT_CAPACITY);
                yield () -> new FrequentState(epsilon, delta, capacity);
            }
            default -> {
                StateFamily family = spec.family();
                yield () -> ExactStates.empty(family);
            }
        };
    }
}
