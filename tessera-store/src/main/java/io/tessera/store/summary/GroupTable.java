package io.tessera.store.summary;

import io.tessera.core.Labels;
import io.tessera.spi.LabelsTable;

/**
 * A view's group label sets by id, as of its newest snapshot: the dictionary only grows and a
 * published id never changes its label set, so every answer read from the view may name its rows
 * by group id.
 */
final class GroupTable extends LabelsTable {

    private final ViewStore store;

    GroupTable(ViewStore store) {
        this.store = store;
    }

    @Override
    public int size() {
        return store.snapshot().groupCount();
    }

    @Override
    public Labels labels(int index) {
        return store.snapshot().group(index);
    }
}
