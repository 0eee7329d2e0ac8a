package io.tessera.store.summary;

import io.tessera.sketch.State;
import java.util.Arrays;

/**
 * An immutable epoch: parallel columns sorted by {@code (end, start, group)}, the order of
 * {@link io.tessera.core.Interval#compareTo}. All rows of one interval are adjacent, with its
 * pane marker (group -1), if any, first. Nothing here is written after construction.
 */
final class SealedEpoch {

    final long[] starts;
    final long[] ends;
    final int[] groups;
    final State[] states;
    final int size;
    final long minEnd;
    final long maxEnd;
    final int stateCount;

    private SealedEpoch(long[] starts, long[] ends, int[] groups, State[] states, int stateCount) {
        this.starts = starts;
        this.ends = ends;
        this.groups = groups;
        this.states = states;
        this.size = starts.length;
        this.minEnd = ends[0];
        this.maxEnd = ends[size - 1];
        this.stateCount = stateCount;
    }

    /**
     * Sorts the rows of a non-empty mutable epoch: its distinct intervals in order, then each
     * interval's rows by group. The interval index gives each interval's rows directly.
     */
    static SealedEpoch seal(MutableEpoch m) {
        int n = m.length();
        long[] ms = m.starts();
        long[] me = m.ends();
        int[] mg = m.groups();
        State[] mst = m.states();
        int[] firsts = m.intervalFirstRows();
        long[] fe = new long[firsts.length];
        long[] fs = new long[firsts.length];
        for (int i = 0; i < firsts.length; i++) {
            fe[i] = me[firsts[i]];
            fs[i] = ms[firsts[i]];
        }
        int[] order = IntervalOrder.sort(fe, fs, firsts.length);
        long[] starts = new long[n];
        long[] ends = new long[n];
        int[] groups = new int[n];
        State[] states = new State[n];
        long[] run = new long[n];
        int out = 0;
        for (int o : order) {
            int k = 0;
            for (int row = firsts[o]; row >= 0; row = m.nextRow(row)) {
                run[k++] = ((long) (mg[row] + 1) << 32) | row;
            }
            Arrays.sort(run, 0, k);
            for (int i = 0; i < k; i++) {
                int row = (int) run[i];
                starts[out] = ms[row];
                ends[out] = me[row];
                groups[out] = mg[row];
                states[out] = mst[row];
                out++;
            }
        }
        if (out != n) {
            throw new IllegalStateException("sealing lost rows: " + out + " of " + n);
        }
        return new SealedEpoch(starts, ends, groups, states, m.stateCount());
    }

    boolean mayHoldEnd(long end) {
        return end >= minEnd && end <= maxEnd;
    }

    boolean matches(int row, long start, long end) {
        return ends[row] == end && starts[row] == start;
    }

    /** The first row at or after {@code (start, end]} in interval order: a binary search. */
    int find(long start, long end) {
        return search(0, size, start, end);
    }

    /**
     * Like {@link #find} but only looking from {@code from} on, galloping first: cheap when the
     * answer is near {@code from}, as it is in a merge join of sorted requests.
     */
    int findFrom(int from, long start, long end) {
        int lo = from;
        int hi = from;
        long step = 1;
        while (hi < size && before(hi, start, end)) {
            lo = hi + 1;
            hi = (int) Math.min(from + step, size);
            step <<= 1;
        }
        return search(lo, hi, start, end);
    }

    /** The first row after {@code row} that holds another interval. */
    int runEnd(int row) {
        long s = starts[row];
        long e = ends[row];
        int lo = row + 1;
        int hi = lo;
        long step = 1;
        while (hi < size && ends[hi] == e && starts[hi] == s) {
            lo = hi + 1;
            hi = (int) Math.min(row + 1 + step, size);
            step <<= 1;
        }
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ends[mid] == e && starts[mid] == s) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** True when the epoch holds a row of {@code group} (or a marker) for {@code (start, end]}. */
    boolean contains(long start, long end, int group) {
        if (!mayHoldEnd(end)) {
            return false;
        }
        int a = find(start, end);
        if (a == size || !matches(a, start, end)) {
            return false;
        }
        return Arrays.binarySearch(groups, a, runEnd(a), group) >= 0;
    }

    private int search(int lo, int hi, long start, long end) {
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (before(mid, start, end)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private boolean before(int row, long start, long end) {
        long e = ends[row];
        return e < end || (e == end && starts[row] < start);
    }
}
