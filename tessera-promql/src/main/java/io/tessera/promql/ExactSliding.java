package io.tessera.promql;

/**
 * How the exact engine evaluates a range function over the overlapping windows of a range query:
 * each window whole, or by carrying one window's work to the next (a sliding kernel).
 */
public enum ExactSliding {
    /** Every window is computed from its samples. */
    NONE,
    /** A running compensated sum: samples enter and leave. */
    SUM,
    /** The running sum divided by the count. */
    MEAN,
    /** An ordered multiset of the window's values. */
    QUANTILE;

    /** Whether the engine carries work from window to window. */
    public boolean slides() {
        return this != NONE;
    }
}
