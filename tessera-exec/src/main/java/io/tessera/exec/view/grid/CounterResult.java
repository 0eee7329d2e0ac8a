package io.tessera.exec.view.grid;

/**
 * What one counter move found, in a holder the caller passes and reuses: a value, no value (fewer
 * than two samples in the window), or the reason the series must be answered from its whole window.
 */
final class CounterResult {

    enum Outcome {
        VALUE,
        NONE,
        EXACT
    }

    private Outcome outcome = Outcome.NONE;
    private double value = Double.NaN;
    private String exactReason;

    void value(double moved) {
        outcome = Outcome.VALUE;
        value = moved;
        exactReason = null;
    }

    void none() {
        outcome = Outcome.NONE;
        value = Double.NaN;
        exactReason = null;
    }

    void exact(String reason) {
        outcome = Outcome.EXACT;
        value = Double.NaN;
        exactReason = reason;
    }

    Outcome outcome() {
        return outcome;
    }

    boolean hasValue() {
        return outcome == Outcome.VALUE;
    }

    double value() {
        return value;
    }

    String exactReason() {
        return exactReason;
    }
}
