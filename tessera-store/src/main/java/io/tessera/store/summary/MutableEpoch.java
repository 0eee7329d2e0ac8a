package io.tessera.store.summary;

import io.tessera.sketch.State;
import java.util.Arrays;

/**
 * The append-only epoch that takes inserts. Rows (group id, state) are appended in commit
 * order; consecutive rows of one interval form a <em>run</em>, and a run directory holds each
 * run's interval and first row. An interval index maps each interval to its first run, and a
 * forward chain of the runs' {@code next} column links its later runs. A pane committed with no state is a run
 * with no rows. Only the writer (under the view's write lock) touches this object; readers see
 * a {@link MutableView} of its committed prefix.
 *
 * <p>Writes never change a committed row or run. The only in-place writes that a reader of an
 * older prefix can observe are an empty index slot becoming a run at or past its run count,
 * and the {@code next} of a committed run changing from "none" to a run at or past its run
 * count; both read as "not committed" (see {@link MutableView}). Growing a column or the index
 * allocates new arrays, so arrays a snapshot holds are never resized under it.
 */
final class MutableEpoch {

    private int[] groups;
    private StateColumn states;
    private int length;

    private RunColumns runColumns = new RunColumns(64);
    private int runs;
    private int emptyRuns;

    private int[] slots;
    private int[] tails;
    private int distinct;

    /**
     * {@code (first run of the interval, group)} of every row, for duplicate checks; built when
     * one is first asked for (an insert into an interval the epoch already holds), kept from then on.
     */
    private LongSet keys;

    private long minEnd = Long.MAX_VALUE;
    private long maxEnd = Long.MIN_VALUE;
    private int earliestRun = -1;
    private int latestRun = -1;

    MutableEpoch(int initialRows) {
        int n = Math.max(initialRows, 16);
        groups = new int[n];
        states = StateColumn.empty(n);
        slots = emptyTable(64);
        tails = new int[64];
    }

    private static int[] emptyTable(int n) {
        int[] t = new int[n];
        Arrays.fill(t, -1);
        return t;
    }

    /** Rows plus empty panes: what the epoch capacity counts. */
    int size() {
        return length + emptyRuns;
    }

    int length() {
        return length;
    }

    boolean holdsInterval(long start, long end) {
        return findSlot(start, end) >= 0;
    }

    /** True when the epoch holds a state of {@code group} for {@code (start, end]}. */
    boolean contains(long start, long end, int group) {
        int slot = findSlot(start, end);
        if (slot < 0) {
            return false;
        }
        if (keys == null) {
            keys = indexRows();
        }
        return keys.contains(key(slots[slot], group));
    }

    void append(long start, long end, int group, State state) {
        int run = runs - 1;
        if (run < 0 || !runColumns.covers(run, start, end)) {
            newRun(start, end);
        } else if (runColumns.from()[run] == length) {
            emptyRuns--;
        }
        if (length == groups.length) {
            groups = Arrays.copyOf(groups, length * 2);
        }
        groups[length] = group;
        states = states.set(length, state);
        length++;
        if (keys != null) {
            keys.add(key(slots[findSlot(start, end)], group));
        }
    }

    private LongSet indexRows() {
        LongSet set = new LongSet();
        for (int run = 0; run < runs; run++) {
            int first = slots[findSlot(runColumns.starts()[run], runColumns.ends()[run])];
            int to = run + 1 < runs ? runColumns.from()[run + 1] : length;
            for (int row = runColumns.from()[run]; row < to; row++) {
                set.add(key(first, groups[row]));
            }
        }
        return set;
    }

    /** Records a pane committed with no state; the caller checked that the interval is new. */
    void appendEmpty(long start, long end) {
        newRun(start, end);
        emptyRuns++;
    }

    private void newRun(long start, long end) {
        if (runs == runColumns.capacity()) {
            runColumns = runColumns.grown();
        }
        int run = runs;
        runColumns.set(run, start, end, length);
        int slot = findSlot(start, end);
        if (slot < 0) {
            if ((distinct + 1) * 2 > slots.length) {
                growIndex();
                slot = findSlot(start, end);
            }
            slot = -slot - 1;
            slots[slot] = run;
            distinct++;
        } else {
            runColumns.next()[tails[slot]] = run;
        }
        tails[slot] = run;
        minEnd = Math.min(minEnd, end);
        maxEnd = Math.max(maxEnd, end);
        if (earliestRun < 0
                || before(end, start, runColumns.ends()[earliestRun], runColumns.starts()[earliestRun])) {
            earliestRun = run;
        }
        if (latestRun < 0 || before(runColumns.ends()[latestRun], runColumns.starts()[latestRun], end, start)) {
            latestRun = run;
        }
        runs = run + 1;
    }

    /** The committed prefix as readers see it from now on. */
    MutableView view() {
        return new MutableView(groups, states, length, runColumns, runs, slots, minEnd, maxEnd, earliestRun, latestRun);
    }

    private static boolean before(long e1, long s1, long e2, long s2) {
        return e1 < e2 || (e1 == e2 && s1 < s2);
    }

    private static long key(int intervalFirstRun, int group) {
        return ((long) intervalFirstRun << 32) | (group & 0xffffffffL);
    }

    /** The slot of {@code (start, end]}, or {@code -(free slot) - 1} when it is absent. */
    private int findSlot(long start, long end) {
        int mask = slots.length - 1;
        for (int i = Hashing.mix(start, end) & mask; ; i = (i + 1) & mask) {
            int run = slots[i];
            if (run < 0) {
                return -i - 1;
            }
            if (runColumns.covers(run, start, end)) {
                return i;
            }
        }
    }

    private void growIndex() {
        int[] oldSlots = slots;
        int[] oldTails = tails;
        slots = emptyTable(oldSlots.length * 2);
        tails = new int[slots.length];
        int mask = slots.length - 1;
        for (int i = 0; i < oldSlots.length; i++) {
            int run = oldSlots[i];
            if (run >= 0) {
                int j = Hashing.mix(runColumns.starts()[run], runColumns.ends()[run]) & mask;
                while (slots[j] >= 0) {
                    j = (j + 1) & mask;
                }
                slots[j] = run;
                tails[j] = oldTails[i];
            }
        }
    }
}
