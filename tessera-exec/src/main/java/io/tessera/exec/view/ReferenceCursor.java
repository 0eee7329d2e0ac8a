package io.tessera.exec.view;

import io.tessera.core.Labels;

/**
 * Finds label sets among those of an earlier read by reference, without loading them: the store
 * lists a Scan's series in the same order every time, so the next one is looked for a few places
 * ahead of the last one found. Where the orders differ (the earlier label sets came in another
 * order), after a few misses, by an identity map instead.
 */
public final class ReferenceCursor {

    private static final int LOOK_AHEAD = 4;
    /** Misses after which the earlier label sets are put in an identity map. */
    private static final int MISSES_BEFORE_MAP = 8;

    private final Labels[] earlier;
    private int next;
    private int misses;
    private java.util.IdentityHashMap<Labels, Integer> positions;

    public ReferenceCursor(Labels[] earlier) {
        this.earlier = earlier;
    }

    /** The position of this very label set among the earlier ones, or -1. */
    public int indexOf(Labels l) {
        for (int k = next; k < earlier.length && k < next + LOOK_AHEAD; k++) {
            if (earlier[k] == l) {
                next = k + 1;
                return k;
            }
        }
        if (positions == null) {
            if (++misses < MISSES_BEFORE_MAP) {
                return -1;
            }
            positions = new java.util.IdentityHashMap<>(earlier.length * 2);
            for (int k = 0; k < earlier.length; k++) {
                positions.put(earlier[k], k);
            }
        }
        Integer k = positions.get(l);
        if (k == null) {
            return -1;
        }
        next = k + 1;
        return k;
    }
}
