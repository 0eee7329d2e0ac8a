package io.tessera.store.summary;

import io.tessera.sketch.State;

/**
 * The committed prefix {@code [0, length)} of a mutable epoch, read without a lock. Columns of
 * rows below {@code length} were written before the snapshot was published and never change.
 * An index slot or {@code next} pointer naming a row at or past {@code length} belongs to a
 * later commit and is treated as absent. The first row of every committed interval was placed
 * in the index before publication, and so was every slot its probe sequence passes, so a
 * probe never stops early at a slot the writer filled later.
 */
final class MutableView {

    static final MutableView EMPTY = new MutableEpoch(16).view();

    final long[] starts;
    final long[] ends;
    final int[] groups;
    final State[] states;
    private final int[] next;
    private final int[] slots;
    final int length;
    final long minEnd;
    final long maxEnd;
    private final int firstRow;
    private final int lastRow;
    final int stateCount;

    MutableView(long[] starts, long[] ends, int[] groups, State[] states, int[] next, int[] slots,
            int length, long minEnd, long maxEnd, int firstRow, int lastRow, int stateCount) {
        this.starts = starts;
        this.ends = ends;
        this.groups = groups;
        this.states = states;
        this.next = next;
        this.slots = slots;
        this.length = length;
        this.minEnd = minEnd;
        this.maxEnd = maxEnd;
        this.firstRow = firstRow;
        this.lastRow = lastRow;
        this.stateCount = stateCount;
    }

    boolean mayHoldEnd(long end) {
        return length > 0 && end >= minEnd && end <= maxEnd;
    }

    /** The first committed row holding {@code (start, end]}, or -1. */
    int firstRow(long start, long end) {
        int mask = slots.length - 1;
        for (int i = Hashing.mix(start, end) & mask; ; i = (i + 1) & mask) {
            int row = slots[i];
            if (row < 0) {
                return -1;
            }
            if (row < length && starts[row] == start && ends[row] == end) {
                return row;
            }
        }
    }

    /** The next committed row holding the same interval as {@code row}, or -1. */
    int nextRow(int row) {
        int n = next[row];
        return n > 0 && n < length ? n : -1;
    }

    /** Calls {@code sink} with the first row of every committed interval. */
    void forEachInterval(IntSink sink) {
        for (int row : slots) {
            if (row >= 0 && row < length) {
                sink.accept(row);
            }
        }
    }

    /** The smallest committed row in interval order, or -1 when empty. */
    int earliestRow() {
        return firstRow;
    }

    /** The largest committed row in interval order, or -1 when empty. */
    int latestRow() {
        return lastRow;
    }

    @FunctionalInterface
    interface IntSink {
        void accept(int value);
    }
}
