package io.tessera.exec.view;

import io.tessera.exec.value.InstantVector;

/**
 * The steps {@code [0, answered)} of a run, answered from a view whose newest panes are not built
 * yet (a run ending at "now"); the caller computes the other steps another way.
 */
public record StepPrefix(InstantVector vector, int answered) {}
