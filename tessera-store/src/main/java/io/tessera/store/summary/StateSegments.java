package io.tessera.store.summary;

import java.util.Arrays;

/**
 * The segments of a read, columnar: segment {@code i} is the slice {@code [offsets[i], offsets[i]
 * + lengths[i])} of the group-id column {@code groups[i]} and the state column {@code states[i]}.
 * Filled by {@link #add} (growing) or {@link #set} (at a fixed capacity).
 */
final class StateSegments {

    int[][] groups;
    StateColumn[] states;
    int[] offsets;
    int[] lengths;
    int size;

    StateSegments(int capacity) {
        groups = new int[capacity][];
        states = new StateColumn[capacity];
        offsets = new int[capacity];
        lengths = new int[capacity];
    }

    /** Appends a segment unless it is empty. */
    void add(int[] g, StateColumn s, int offset, int length) {
        if (length == 0) {
            return;
        }
        if (size == lengths.length) {
            int n = Math.max(2, size * 2);
            groups = Arrays.copyOf(groups, n);
            states = Arrays.copyOf(states, n);
            offsets = Arrays.copyOf(offsets, n);
            lengths = Arrays.copyOf(lengths, n);
        }
        set(size++, g, s, offset, length);
    }

    void set(int segment, int[] g, StateColumn s, int offset, int length) {
        groups[segment] = g;
        states[segment] = s;
        offsets[segment] = offset;
        lengths[segment] = length;
    }
}
