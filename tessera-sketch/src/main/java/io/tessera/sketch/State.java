package io.tessera.sketch;

/**
 * The mergeable summary of the samples of one group over one interval: an exact partial
 * aggregate or a sketch. Every family shares this algebra; family-specific answers (a quantile,
 * a rate, a top-k list) are methods of the family's own class.
 *
 * <p>A state is mutable and not thread-safe while it is being built; once committed to a store
 * it is only read, and {@link #merge} is applied to a {@link #copy()}.
 *
 * <p>Stale markers ({@link io.tessera.core.StaleMarker#isStale}) are never samples: every
 * family's {@code update} skips them. Ordinary NaN values are samples and behave as in
 * Prometheus' {@code *_over_time} functions; each family documents how (the quantile sketches,
 * which cannot order NaN, count it apart and rank it first).
 *
 * <p>Serialized bytes start with a header (magic byte, family code, format version); see
 * {@link StateCodec}.
 */
public interface State {

    StateFamily family();

    /**
     * Adds the samples {@code from} (inclusive) to {@code to} (exclusive), by default one by one.
     * {@code ts} holds their times in ascending order; a family whose own loop does not need
     * times ignores it.
     */
    default void update(long[] ts, double[] values, int from, int to) {
        for (int i = from; i < to; i++) {
            update(ts[i], values[i]);
        }
    }

    /** Adds one sample. */
    void update(long ts, double value);

    /**
     * Folds in the state of another interval that is disjoint from this one's (earlier or
     * later; families that depend on order use the times they keep). The result summarises the
     * union. A state of another family or with other parameters is an error.
     */
    void merge(State other);

    /** An independent copy. */
    State copy();

    /** True when no sample was added. */
    boolean isEmpty();

    /** Versioned bytes that the family's codec turns back into an equal state. */
    byte[] serialize();

    /** Approximate heap footprint in bytes. */
    long memoryBytes();

    /** The error bound of answers from this state; {@link ErrorBound#EXACT} for exact families. */
    ErrorBound errorBound();
}
