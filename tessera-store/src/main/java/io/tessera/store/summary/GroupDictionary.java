package io.tessera.store.summary;

import io.tessera.core.Labels;
import java.util.Arrays;
import java.util.HashMap;

/**
 * The writer's side of a view's group dictionary: dense ids for group label sets, never freed.
 * Readers see {@link #labels()} up to the size published with their snapshot; slots past it
 * are written in place, and growth copies the array, so a published prefix never changes.
 */
final class GroupDictionary {

    private final HashMap<Labels, Integer> ids = new HashMap<>();
    private Labels[] labels = new Labels[64];
    private int size;

    int idOf(Labels group) {
        Integer id = ids.get(group);
        if (id != null) {
            return id;
        }
        if (size == labels.length) {
            labels = Arrays.copyOf(labels, size * 2);
        }
        labels[size] = group;
        ids.put(group, size);
        return size++;
    }

    /**
     * {@link #idOf(Labels)}, trying {@code guess} first by identity: the rows of a batch tend to
     * come in the order their groups were first given ids, so the next row's id is often the
     * previous one's plus one.
     */
    int idOf(Labels group, int guess) {
        if (guess >= 0 && guess < size && labels[guess] == group) {
            return guess;
        }
        return idOf(group);
    }

    Labels[] labels() {
        return labels;
    }

    /** The label sets given ids so far, for a snapshot. */
    GroupLabels published() {
        return new GroupLabels(labels, size);
    }

    int size() {
        return size;
    }
}
