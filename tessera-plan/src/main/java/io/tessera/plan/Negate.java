package io.tessera.plan;

/** Unary minus; on a vector it also drops the metric name. */
public record Negate(int input, ValueKind kind) implements SingleInputNode {}
