package io.tessera.store.summary;

import io.tessera.core.Labels;
import io.tessera.store.codes.DenseCodes;

/**
 * The writer's side of a view's group dictionary: dense ids for group label sets, never freed.
 * Readers see {@link #labels()} up to the size published with their snapshot (see
 * {@link DenseCodes}).
 */
final class GroupDictionary {

    private final DenseCodes<Labels> ids = new DenseCodes<>(new Labels[64]);

    int idOf(Labels group) {
        return ids.codeOf(group);
    }

    /**
     * {@link #idOf(Labels)}, trying {@code guess} first by identity: the rows of a batch tend to
     * come in the order their groups were first given ids, so the next row's id is often the
     * previous one's plus one.
     */
    int idOf(Labels group, int guess) {
        if (guess >= 0 && guess < ids.size() && ids.values()[guess] == group) {
            return guess;
        }
        return idOf(group);
    }

    Labels[] labels() {
        return ids.values();
    }

    /** The label sets given ids so far, for a snapshot. */
    GroupLabels published() {
        return new GroupLabels(ids.values(), ids.size());
    }

    int size() {
        return ids.size();
    }
}
