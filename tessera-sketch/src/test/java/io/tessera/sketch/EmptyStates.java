package io.tessera.sketch;

/** A new, empty state of each family; the sketches get small parameters so tests stay quick. */
final class EmptyStates {

    private EmptyStates() {}

    static State of(StateFamily family) {
        return switch (family) {
            case KLL -> new KllState(64);
            case DDSKETCH -> new DdSketchState(0.02);
            case DISTINCT -> new DistinctState(10);
            case FREQUENT -> new FrequentState(0.05, 0.05, 16);
            default -> ExactStates.empty(family);
        };
    }
}
