package io.tessera.plan;

/**
 * The window of a selector at each evaluation time T. {@link Kind#RANGE} keeps the samples in
 * {@code (T - rangeMs, T]}; {@link Kind#INSTANT} keeps each series' latest sample in
 * {@code (T - rangeMs, T]} (the lookback), and no row for a series whose latest sample there is
 * a stale marker.
 */
public record TimeRange(int input, Kind windowKind, long rangeMs) implements SingleInputNode {

    public enum Kind {
        RANGE,
        INSTANT
    }

    public TimeRange {
        if (rangeMs <= 0) {
            throw new IllegalArgumentException("a time range must be positive, got " + rangeMs + " ms");
        }
    }

    @Override
    public ValueKind kind() {
        return windowKind == Kind.RANGE ? ValueKind.RANGE_VECTOR : ValueKind.INSTANT_VECTOR;
    }
}
