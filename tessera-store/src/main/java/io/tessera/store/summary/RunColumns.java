package io.tessera.store.summary;

import java.util.Arrays;

/**
 * The runs of a mutable epoch, columnar: run {@code r} holds states of {@code (starts[r],
 * ends[r]]} from row {@code from[r]} on, and {@code next[r]} is the next run of the same interval
 * (0 for none). Growing copies every column into a new instance, so a view keeps the columns it
 * was given.
 */
record RunColumns(long[] starts, long[] ends, int[] from, int[] next) {

    RunColumns(int capacity) {
        this(new long[capacity], new long[capacity], new int[capacity], new int[capacity]);
    }

    int capacity() {
        return starts.length;
    }

    RunColumns grown() {
        int n = capacity() * 2;
        return new RunColumns(
                Arrays.copyOf(starts, n), Arrays.copyOf(ends, n), Arrays.copyOf(from, n), Arrays.copyOf(next, n));
    }

    void set(int run, long start, long end, int firstRow) {
        starts[run] = start;
        ends[run] = end;
        from[run] = firstRow;
    }

    boolean covers(int run, long start, long end) {
        return starts[run] == start && ends[run] == end;
    }
}
