package io.tessera.sketch;

/** New empty states of the exact families, which take no parameters (the sketches' constructors take theirs). */
public final class ExactStates {

    private ExactStates() {}

    /** A new empty state of {@code family}; an approximate family is an error. */
    public static State empty(StateFamily family) {
        return switch (family) {
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
            case CURVE -> new CurveState();
            case KLL, DDSKETCH, DISTINCT, FREQUENT ->
                throw new IllegalArgumentException("family " + family + " is a sketch: its state takes parameters");
        };
    }
}
