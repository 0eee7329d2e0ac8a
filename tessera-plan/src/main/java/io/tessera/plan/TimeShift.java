package io.tessera.plan;

/**
 * Evaluates its input at another time: at {@code T - offsetMs}, where T is the anchor's time
 * when {@code at} is set ({@code @} pins T) and the run's evaluation time otherwise. Its value
 * is of its input's kind.
 */
public record TimeShift(int input, long offsetMs, EvalTimeAnchor at, ValueKind kind) implements SingleInputNode {}
