package io.tessera.sketch;

/** {@code max_over_time} / SQL {@code MAX}: the largest value (see {@link ExtremumState} for NaN and staleness). */
public final class MaxState extends ExtremumState {

    public MaxState() {}

    @Override
    public StateFamily family() {
        return StateFamily.MAX;
    }

    @Override
    boolean wins(double candidate, double current) {
        return candidate > current;
    }

    public static MaxState deserialize(byte[] bytes) {
        return read(bytes, StateFamily.MAX, new MaxState());
    }
}
