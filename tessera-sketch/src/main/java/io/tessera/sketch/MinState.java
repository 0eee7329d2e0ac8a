package io.tessera.sketch;

/** {@code min_over_time} / SQL {@code MIN}: the smallest value (see {@link ExtremumState} for NaN and staleness). */
public final class MinState extends ExtremumState {

    public MinState() {}

    @Override
    public StateFamily family() {
        return StateFamily.MIN;
    }

    @Override
    boolean wins(double candidate, double current) {
        return candidate < current;
    }

    public static MinState deserialize(byte[] bytes) {
        return read(bytes, StateFamily.MIN, new MinState());
    }
}
