package io.tessera.exec.view.panes;

import io.tessera.exec.value.InstantVector;

/**
 * What a read of a pane view answered, and whether every value of it is exact: always for an exact
 * family; for a sketch only when every window was answered from the values its panes still held.
 */
public record PaneAnswer(InstantVector vector, boolean exact) {}
