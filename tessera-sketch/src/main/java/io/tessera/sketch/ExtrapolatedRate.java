package io.tessera.sketch;

/**
 * The three range functions Prometheus computes as an extrapolated rate: the change between a
 * window's first and last sample, stretched to the whole range.
 */
public enum ExtrapolatedRate {
    /** {@code rate}: a counter's increase per second. */
    RATE,
    /** {@code increase}: a counter's increase. */
    INCREASE,
    /** {@code delta}: a gauge's change. */
    DELTA;

    /** Whether a drop in value is a counter reset that adds the value before it. */
    public boolean counter() {
        return this != DELTA;
    }

    /** Whether the result is divided by the range in seconds. */
    public boolean perSecond() {
        return this == RATE;
    }
}
