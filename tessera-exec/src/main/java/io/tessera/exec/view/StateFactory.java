package io.tessera.exec.view;

import io.tessera.plan.StateSpec;
import io.tessera.sketch.AvgState;
import io.tessera.sketch.CountState;
import io.tessera.sketch.CounterState;
import io.tessera.sketch.DdSketchState;
import io.tessera.sketch.DistinctState;
import io.tessera.sketch.FrequentState;
import io.tessera.sketch.KllState;
import io.tessera.sketch.LastState;
import io.tessera.sketch.MaxState;
import io.tessera.sketch.MinState;
import io.tessera.sketch.PresentState;
import io.tessera.sketch.SampleRunState;
import io.tessera.sketch.State;
import io.tessera.sketch.SumState;
import io.tessera.sketch.VarianceState;

/** New empty states of a {@link StateSpec}'s family and parameters. */
public final class StateFactory {

    private StateFactory() {}

    public static State create(StateSpec spec) {
        return switch (spec.family()) {
            case SUM -> new SumState();
            case COUNT -> new CountState();
            case MIN -> new MinState();
            case MAX -> new MaxState();
            case AVG -> new AvgState();
            case VARIANCE -> new VarianceState();
            case LAST -> new LastState();
            case PRESENT -> new PresentState();
            case COUNTER -> new CounterState();
            case SAMPLES -> new SampleRunState();
            case CURVE -> new io.tessera.sketch.CurveState();
            case KLL -> new KllState((int) spec.param("k", KllState.DEFAULT_K));
            case DDSKETCH -> new DdSketchState(spec.param("relative_accuracy", 0.01));
            case DISTINCT -> new DistinctState((int) spec.param("lg_k", 12));
            case FREQUENT ->
                new FrequentState(
                        spec.param("epsilon", 0.005), spec.param("delta", 0.01), (int) spec.param("capacity", 100));
        };
    }
}
