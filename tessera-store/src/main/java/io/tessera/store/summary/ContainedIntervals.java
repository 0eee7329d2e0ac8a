package io.tessera.store.summary;

import java.util.Arrays;

/**
 * The distinct stored intervals of a snapshot that lie within a range {@code (start, end]}:
 * state intervals and pane markers alike, from every epoch, and rebuilt panes. Sealed epochs are walked through
 * their interval directories, the mutable epoch through its index.
 */
final class ContainedIntervals {

    long[] starts = new long[16];
    long[] ends = new long[16];
    int size;

    static ContainedIntervals of(ViewSnapshot snap, long start, long end) {
        ContainedIntervals out = new ContainedIntervals();
        SealedEpoch[] sealed = snap.sealed;
        for (int k = 0; k < sealed.length; k++) {
            if (snap.sealedMaxEnds[k] <= start || snap.sealedMinEnds[k] > end) {
                continue;
            }
            SealedEpoch ep = sealed[k];
            for (int d = ep.find(Long.MIN_VALUE, start + 1); d < ep.intervals && ep.ends[d] <= end; d++) {
                if (ep.starts[d] >= start) {
                    out.add(ep.starts[d], ep.ends[d]);
                }
            }
        }
        MutableView mv = snap.mutable;
        if (mv.runCount() > 0 && mv.maxEnd() > start && mv.minEnd() <= end) {
            int[] firsts = new int[mv.runCount()];
            int n = mv.intervalFirstRuns(firsts);
            for (int i = 0; i < n; i++) {
                long s = mv.runStart(firsts[i]);
                long e = mv.runEnd(firsts[i]);
                if (s >= start && e <= end) {
                    out.add(s, e);
                }
            }
        }
        for (io.tessera.core.Interval pane : snap.versions.replaced().keySet()) {
            if (pane.start() >= start && pane.end() <= end) {
                out.add(pane.start(), pane.end());
            }
        }
        return out;
    }

    private void add(long s, long e) {
        if (size == starts.length) {
            starts = Arrays.copyOf(starts, size * 2);
            ends = Arrays.copyOf(ends, size * 2);
        }
        starts[size] = s;
        ends[size] = e;
        size++;
    }

    /** Sorts by {@code (primary, secondary)} columns and drops repeats (one interval may have
     * fragments in several epochs). */
    void sortDistinct(boolean byStart) {
        int[] perm = byStart ? IntervalOrder.sort(starts, ends, size) : IntervalOrder.sort(ends, starts, size);
        long[] s = new long[size];
        long[] e = new long[size];
        int n = 0;
        for (int i : perm) {
            if (n == 0 || s[n - 1] != starts[i] || e[n - 1] != ends[i]) {
                s[n] = starts[i];
                e[n] = ends[i];
                n++;
            }
        }
        starts = s;
        ends = e;
        size = n;
    }
}
