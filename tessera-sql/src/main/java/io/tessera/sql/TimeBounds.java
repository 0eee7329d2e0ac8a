package io.tessera.sql;

/**
 * The time window a query's WHERE clause pins, half-open {@code (startExclusive, endInclusive]}
 * in epoch milliseconds; {@link Long#MIN_VALUE} and {@link Long#MAX_VALUE} stand for no bound.
 */
public record TimeBounds(long startExclusive, long endInclusive) {

    public static final TimeBounds ALL = new TimeBounds(Long.MIN_VALUE, Long.MAX_VALUE);

    public boolean bounded() {
        return startExclusive != Long.MIN_VALUE || endInclusive != Long.MAX_VALUE;
    }

    public boolean isEmpty() {
        return endInclusive <= startExclusive;
    }

    public boolean contains(long ts) {
        return ts > startExclusive && ts <= endInclusive;
    }

    /** Narrowed to also satisfy {@code ts > start}. */
    public TimeBounds after(long start) {
        return new TimeBounds(Math.max(startExclusive, start), endInclusive);
    }

    /** Narrowed to also satisfy {@code ts <= end}. */
    public TimeBounds atOrBefore(long end) {
        return new TimeBounds(startExclusive, Math.min(endInclusive, end));
    }
}
