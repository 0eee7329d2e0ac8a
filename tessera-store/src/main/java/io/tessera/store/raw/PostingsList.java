package io.tessera.store.raw;

import java.util.Arrays;

/** A sorted, growable list of series ids; guarded by the index lock. */
final class PostingsList {

    private int[] ids = new int[4];
    private int size;

    void add(int id) {
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size * 2);
        }
        int at = size;
        while (at > 0 && ids[at - 1] > id) {
            at--;
        }
        System.arraycopy(ids, at, ids, at + 1, size - at);
        ids[at] = id;
        size++;
    }

    /** Removes every id in {@code removed} (sorted). */
    void removeAll(int[] removed) {
        int kept = 0;
        for (int i = 0; i < size; i++) {
            int id = ids[i];
            if (Arrays.binarySearch(removed, id) < 0) {
                ids[kept++] = id;
            }
        }
        size = kept;
        if (size < ids.length / 4 && ids.length > 16) {
            ids = Arrays.copyOf(ids, Math.max(4, size * 2));
        }
    }

    int size() {
        return size;
    }

    int[] ids() {
        return ids;
    }

    int[] copy() {
        return Arrays.copyOf(ids, size);
    }
}
