package io.tessera.store.summary;

import io.tessera.sketch.State;

/**
 * The states of an epoch's rows, by row: objects ({@link ObjectColumn}), the words of a
 * fixed-width family in one primitive array ({@link WordColumn}), or the compact forms of small
 * states of a variable-width family ({@link CompactColumn}). The primitive layouts keep the
 * millions of small pane states a view holds out of the collector's way. A read of a primitive
 * layout returns a new state equal to the one stored; callers must not change it any more than a
 * stored object.
 *
 * <p>A column is written only at rows past every row a reader may read, and growing or changing
 * its layout returns a new column over new arrays, so readers holding this one are unaffected.
 */
abstract sealed class StateColumn permits ObjectColumn, WordColumn, CompactColumn {

    /** The state of row {@code row}. */
    abstract State get(int row);

    /**
     * Stores {@code state} at {@code row}, the first row not yet written, and returns the column
     * to use from now on: this one, a larger copy, or one of another layout when the state does
     * not fit this one.
     */
    abstract StateColumn set(int row, State state);

    /** Approximate heap bytes of this column with its first {@code rows} rows stored. */
    abstract long memoryBytes(int rows);

    /** A new column holding, at row {@code i}, this column's row {@code rows[i]}, for {@code i < n}. */
    abstract StateColumn gather(int[] rows, int n);

    /** A column with room for {@code capacity} rows that takes the layout of the first state stored. */
    static StateColumn empty(int capacity) {
        return new ObjectColumn(new State[Math.max(capacity, 1)]);
    }

    /** Rows {@code [0, rows)} as objects, with room for more: for a state this column's layout cannot hold. */
    final ObjectColumn asObjects(int rows) {
        State[] states = new State[Math.max(16, rows * 2)];
        for (int r = 0; r < rows; r++) {
            states[r] = get(r);
        }
        return new ObjectColumn(states);
    }

    static int grown(int row, int capacity) {
        return row < capacity ? capacity : Math.max(16, capacity * 2);
    }
}
