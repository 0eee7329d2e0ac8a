package io.tessera.store.summary;

import io.tessera.sketch.State;
import java.util.Arrays;

/**
 * The append-only epoch that takes inserts, in parallel columns, with an interval index:
 * a hash table from interval to the first row holding it and a forward chain {@code next}
 * through that interval's later rows. Only the writer (under the view's write lock) touches
 * this object; readers see a {@link MutableView} of its committed prefix.
 *
 * <p>Writes never change a committed row's columns. The only in-place writes that a reader of
 * an older prefix can observe are an empty index slot becoming a row at or past its length, and
 * a {@code next} pointer of a committed row changing from "none" to a row at or past its
 * length; both read as "not committed" (see {@link MutableView}). Growing a column or the
 * index allocates new arrays, so arrays a snapshot holds are never resized under it.
 */
final class MutableEpoch {

    /** The group id of a row that records a committed pane with no state of any group. */
    static final int PANE_MARKER = -1;

    private long[] starts;
    private long[] ends;
    private int[] groups;
    private State[] states;
    private int[] next;
    private int length;

    private int[] slots;
    private int[] tails;
    private int distinct;

    /** {@code (first row of the interval, group + 1)} of every row, for duplicate checks. */
    private final LongSet keys = new LongSet();

    private long minEnd = Long.MAX_VALUE;
    private long maxEnd = Long.MIN_VALUE;
    private int firstRow = -1;
    private int lastRow = -1;
    private int stateCount;

    MutableEpoch(int initialRows) {
        int n = Math.max(initialRows, 16);
        starts = new long[n];
        ends = new long[n];
        groups = new int[n];
        states = new State[n];
        next = new int[n];
        slots = emptyTable(64);
        tails = new int[64];
    }

    private static int[] emptyTable(int n) {
        int[] t = new int[n];
        Arrays.fill(t, -1);
        return t;
    }

    int length() {
        return length;
    }

    int stateCount() {
        return stateCount;
    }

    long minEnd() {
        return minEnd;
    }

    long maxEnd() {
        return maxEnd;
    }

    /** True when the epoch holds a row of {@code group} (or a marker) for {@code (start, end]}. */
    boolean contains(long start, long end, int group) {
        int slot = findSlot(start, end);
        return slot >= 0 && keys.contains(key(slots[slot], group));
    }

    void append(long start, long end, int group, State state) {
        if (length == starts.length) {
            growColumns();
        }
        int row = length;
        starts[row] = start;
        ends[row] = end;
        groups[row] = group;
        states[row] = state;
        int slot = findSlot(start, end);
        if (slot < 0) {
            if ((distinct + 1) * 2 > slots.length) {
                growIndex();
                slot = findSlot(start, end);
            }
            slot = -slot - 1;
            slots[slot] = row;
            tails[slot] = row;
            distinct++;
        } else {
            next[tails[slot]] = row;
            tails[slot] = row;
        }
        keys.add(key(slots[slot], group));
        if (group != PANE_MARKER) {
            stateCount++;
        }
        minEnd = Math.min(minEnd, end);
        maxEnd = Math.max(maxEnd, end);
        if (firstRow < 0 || before(end, start, ends[firstRow], starts[firstRow])) {
            firstRow = row;
        }
        if (lastRow < 0 || before(ends[lastRow], starts[lastRow], end, start)) {
            lastRow = row;
        }
        length = row + 1;
    }

    /** The committed prefix as readers see it from now on. */
    MutableView view() {
        return new MutableView(starts, ends, groups, states, next, slots, length, minEnd, maxEnd,
                firstRow, lastRow, stateCount);
    }

    private static boolean before(long e1, long s1, long e2, long s2) {
        return e1 < e2 || (e1 == e2 && s1 < s2);
    }

    private static long key(int intervalFirstRow, int group) {
        return ((long) intervalFirstRow << 32) | ((group + 1) & 0xffffffffL);
    }

    /** The slot of {@code (start, end]}, or {@code -(free slot) - 1} when it is absent. */
    private int findSlot(long start, long end) {
        int mask = slots.length - 1;
        for (int i = Hashing.mix(start, end) & mask; ; i = (i + 1) & mask) {
            int row = slots[i];
            if (row < 0) {
                return -i - 1;
            }
            if (starts[row] == start && ends[row] == end) {
                return i;
            }
        }
    }

    private void growColumns() {
        int n = starts.length * 2;
        starts = Arrays.copyOf(starts, n);
        ends = Arrays.copyOf(ends, n);
        groups = Arrays.copyOf(groups, n);
        states = Arrays.copyOf(states, n);
        next = Arrays.copyOf(next, n);
    }

    private void growIndex() {
        int[] oldSlots = slots;
        int[] oldTails = tails;
        slots = emptyTable(oldSlots.length * 2);
        tails = new int[slots.length];
        int mask = slots.length - 1;
        for (int i = 0; i < oldSlots.length; i++) {
            int row = oldSlots[i];
            if (row >= 0) {
                int j = Hashing.mix(starts[row], ends[row]) & mask;
                while (slots[j] >= 0) {
                    j = (j + 1) & mask;
                }
                slots[j] = row;
                tails[j] = oldTails[i];
            }
        }
    }

    // Sealing reads the columns directly; the writer holds the lock while it does.

    long[] starts() {
        return starts;
    }

    long[] ends() {
        return ends;
    }

    int[] groups() {
        return groups;
    }

    State[] states() {
        return states;
    }

    /** The first row of each distinct interval, in no particular order. */
    int[] intervalFirstRows() {
        int[] rows = new int[distinct];
        int k = 0;
        for (int row : slots) {
            if (row >= 0) {
                rows[k++] = row;
            }
        }
        return rows;
    }

    /** The row after {@code row} holding the same interval, or -1. */
    int nextRow(int row) {
        int n = next[row];
        return n > 0 ? n : -1;
    }
}
