package io.tessera.spi;

import io.tessera.core.Labels;

/**
 * Label sets in a fixed order that the rows of many answers are taken from, with one slot where
 * a writer keeps a rendering of them all: a large answer is then written by copying one block
 * instead of visiting every row's label set. The label set at an index never changes; a table
 * may only grow.
 */
public abstract class LabelsTable {

    private volatile Object rendering;

    public abstract int size();

    public abstract Labels labels(int index);

    /** What a writer kept with {@link #keepRendering}, or null. */
    public final Object rendering() {
        return rendering;
    }

    public final void keepRendering(Object rendering) {
        this.rendering = rendering;
    }
}
