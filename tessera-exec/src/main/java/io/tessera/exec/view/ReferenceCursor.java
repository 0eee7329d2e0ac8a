package io.tessera.exec.view;

import io.tessera.core.Labels;

/**
 * Finds label sets among those of an earlier read by reference, without loading them: the store
 * lists a Scan's series in the same order every time, so the next one is looked for a few places
 * ahead of the last one found.
 */
final class ReferenceCursor {

    private static final int LOOK_AHEAD = 4;

    private final Labels[] earlier;
    private int next;

    ReferenceCursor(Labels[] earlier) {
        this.earlier = earlier;
    }

    /** The position of this very label set among the earlier ones, or -1. */
    int indexOf(Labels l) {
        for (int k = next; k < earlier.length && k < next + LOOK_AHEAD; k++) {
            if (earlier[k] == l) {
                next = k + 1;
                return k;
            }
        }
        return -1;
    }
}
