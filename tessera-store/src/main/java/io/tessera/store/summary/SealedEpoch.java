package io.tessera.store.summary;

import io.tessera.core.Search;
import java.util.Arrays;

/**
 * An immutable epoch: rows sorted by {@code (end, start, group)}, the order of
 * {@link io.tessera.core.Interval#compareTo}, stored as a directory of its distinct intervals
 * (each with the offset of its first row) over two row columns, group id and state
 * ({@link StateColumn}). The rows of directory entry {@code k} are
 * {@code [offsets[k], offsets[k + 1])}, sorted by group; a pane committed with no state is an
 * entry with no rows. Searches run on the small directory and never touch a row. Nothing here is
 * written after construction.
 */
final class SealedEpoch {

    final long[] starts;
    final long[] ends;
    final int[] offsets;
    final int intervals;
    final int[] groups;
    final StateColumn states;
    final long minEnd;
    final long maxEnd;
    final int stateCount;
    final long memoryBytes;

    private SealedEpoch(long[] starts, long[] ends, int[] offsets, int[] groups, StateColumn states) {
        this.starts = starts;
        this.ends = ends;
        this.offsets = offsets;
        this.intervals = starts.length;
        this.groups = groups;
        this.states = states;
        this.minEnd = ends[0];
        this.maxEnd = ends[intervals - 1];
        this.stateCount = groups.length;
        this.memoryBytes = 64 + 20L * intervals + 4L * groups.length + states.memoryBytes(groups.length);
    }

    /**
     * Sorts the rows of a non-empty mutable epoch: its distinct intervals in order, then each
     * interval's rows by group. The interval index gives each interval's runs directly.
     */
    static SealedEpoch seal(MutableView m) {
        int n = m.length();
        int[] firsts = new int[m.runCount()];
        int d = m.intervalFirstRuns(firsts);
        long[] fe = new long[d];
        long[] fs = new long[d];
        for (int i = 0; i < d; i++) {
            fe[i] = m.runEnd(firsts[i]);
            fs[i] = m.runStart(firsts[i]);
        }
        int[] order = IntervalOrder.sort(fe, fs, d);
        long[] starts = new long[d];
        long[] ends = new long[d];
        int[] offsets = new int[d + 1];
        int[] groups = new int[n];
        int[] sourceRows = new int[n];
        long[] rows = new long[n];
        int out = 0;
        for (int k = 0; k < d; k++) {
            int first = firsts[order[k]];
            starts[k] = m.runStart(first);
            ends[k] = m.runEnd(first);
            offsets[k] = out;
            int len = 0;
            for (int run = first; run >= 0; run = m.nextRun(run)) {
                for (int row = m.runFrom(run), to = m.runTo(run); row < to; row++) {
                    rows[len++] = ((long) m.groups()[row] << 32) | row;
                }
            }
            Arrays.sort(rows, 0, len);
            for (int i = 0; i < len; i++) {
                int row = (int) rows[i];
                groups[out] = m.groups()[row];
                sourceRows[out] = row;
                out++;
            }
        }
        offsets[d] = out;
        if (out != n) {
            throw new IllegalStateException("sealing lost rows: " + out + " of " + n);
        }
        return new SealedEpoch(starts, ends, offsets, groups, m.states().gather(sourceRows, n));
    }

    int rows() {
        return offsets[intervals];
    }

    boolean matches(int k, long start, long end) {
        return ends[k] == end && starts[k] == start;
    }

    /** The first directory entry at or after {@code (start, end]}: a binary search. */
    int find(long start, long end) {
        return search(0, intervals, start, end);
    }

    /**
     * Like {@link #find} but only looking from entry {@code from} on, galloping first: cheap
     * when the answer is near {@code from}, as it is in a merge join of sorted requests.
     */
    int findFrom(int from, long start, long end) {
        int lo = from;
        int hi = from;
        long step = 1;
        while (hi < intervals && before(hi, start, end)) {
            lo = hi + 1;
            hi = (int) Math.min(from + step, intervals);
            step <<= 1;
        }
        return search(lo, hi, start, end);
    }

    /** The directory entry of {@code (start, end]}, or -1. */
    int entryOf(long start, long end) {
        if (end < minEnd || end > maxEnd) {
            return -1;
        }
        int k = find(start, end);
        return k < intervals && matches(k, start, end) ? k : -1;
    }

    /** True when the epoch holds a state of {@code group} for {@code (start, end]}. */
    boolean contains(long start, long end, int group) {
        int k = entryOf(start, end);
        return k >= 0 && Arrays.binarySearch(groups, offsets[k], offsets[k + 1], group) >= 0;
    }

    private int search(int lo, int hi, long start, long end) {
        return Search.firstNotBefore(lo, hi, k -> before(k, start, end));
    }

    private boolean before(int k, long start, long end) {
        long e = ends[k];
        return e < end || (e == end && starts[k] < start);
    }
}
