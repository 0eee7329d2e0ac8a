package io.tessera.store.summary;

import io.tessera.core.Labels;

/**
 * A published prefix of a view's group dictionary: the label sets of group ids {@code [0, size)}.
 * The array may be longer; slots past {@code size} belong to the writer.
 */
record GroupLabels(Labels[] labels, int size) {

    Labels group(int groupId) {
        if (groupId < 0 || groupId >= size) {
            throw new IndexOutOfBoundsException("group id " + groupId + " of " + size);
        }
        return labels[groupId];
    }
}
