package io.tessera.exec.view;

import io.tessera.core.MissingStateException;
import io.tessera.exec.value.InstantVector;

/**
 * The steps {@code [0, answered)} of a run, answered from a view that cannot give the panes of
 * the others (not built yet at "now", or made stale by late samples); the caller computes the
 * other steps another way.
 *
 * @param unanswered why the view could not answer the other steps; null when it answered all
 */
public record StepPrefix(InstantVector vector, int answered, MissingStateException unanswered) {}
