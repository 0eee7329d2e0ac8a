package io.tessera.plan;

/**
 * {@code expr[range:step]}: evaluates its input (an instant vector or scalar) at the multiples
 * of {@code stepMs} in {@code (T - rangeMs, T]} and presents the points as a range vector.
 * {@code stepMs == 0} means the run's default resolution.
 */
public record Subquery(int input, long rangeMs, long stepMs) implements SingleInputNode {

    @Override
    public ValueKind kind() {
        return ValueKind.RANGE_VECTOR;
    }
}
