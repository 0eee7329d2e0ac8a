package io.tessera.promql;

/**
 * How a range function's value kept at a grid point is moved to a later evaluation time from the
 * samples that entered and left the window since (a grid correction). Sums and counts are
 * invertible; a maximum or minimum stays while no sample that left held it; a quantile keeps its
 * value within a rank bound computed per query; rate, increase and delta sum increments of
 * consecutive samples, extrapolated, which turns back into the sum.
 */
public enum GridCorrectionKind {
    /** No correction moves the function's value. */
    NONE,
    SUM,
    COUNT,
    AVG,
    QUANTILE,
    MAX,
    MIN,
    /** The extrapolated rates: rate, increase and delta. */
    COUNTER;

    /** Whether a correction can move the function's value. */
    public boolean supported() {
        return this != NONE;
    }

    /**
     * Whether the correction also reads a {@code count_over_time} view on the same grid: every
     * correction does, and the count's own reads itself.
     */
    public boolean readsCountCompanion() {
        return supported() && this != COUNT;
    }
}
