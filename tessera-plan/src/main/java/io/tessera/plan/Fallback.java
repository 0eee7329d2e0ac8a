package io.tessera.plan;

/**
 * The accelerated way to a value and the exact way: a run evaluates {@code preferred}, and when
 * a view it reads is missing state for the run's windows, {@code exact} instead, and says so.
 */
public record Fallback(int preferred, int exact, ValueKind kind) implements PlanNode {

    @Override
    public int[] inputs() {
        return new int[] {preferred, exact};
    }
}
