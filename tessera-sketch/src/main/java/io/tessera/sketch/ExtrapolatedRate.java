package io.tessera.sketch;

/**
 * The three range functions Prometheus computes as an extrapolated rate: the change between a
 * window's first and last sample, stretched to the whole range.
 */
public enum ExtrapolatedRate {
    /** {@code rate}: a counter's increase per second. */
    RATE(true, true),
    /** {@code increase}: a counter's increase. */
    INCREASE(true, false),
    /** {@code delta}: a gauge's change. */
    DELTA(false, false);

    private final boolean counter;
    private final boolean perSecond;

    ExtrapolatedRate(boolean counter, boolean perSecond) {
        this.counter = counter;
        this.perSecond = perSecond;
    }

    /** Whether a drop in value is a counter reset that adds the value before it. */
    public boolean counter() {
        return counter;
    }

    /** Whether the result is divided by the range in seconds. */
    public boolean perSecond() {
        return perSecond;
    }
}
