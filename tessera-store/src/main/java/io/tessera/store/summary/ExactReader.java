package io.tessera.store.summary;

import io.tessera.core.Interval;
import io.tessera.core.Search;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Exact reads on one snapshot. A single interval is a binary search in each sealed epoch whose
 * end bounds admit it and one probe of the mutable epoch's index. Many intervals are sorted and
 * deduplicated once, then merge-joined against each sealed epoch's sorted interval directory in
 * one forward pass (galloping over entries no request wants), and probed once each in the mutable epoch's
 * interval index when the epoch's end bounds admit them (costing one probe per candidate, not
 * a pass over the epoch's rows). Either way the result shares slices of the epochs' columns,
 * which never change below a snapshot's bounds, instead of copying states.
 */
final class ExactReader {

    private static final int MUTABLE = -1;
    /** Sources at or below this one are rebuilt panes: {@code REBUILT - source} indexes the read's list of them. */
    private static final int REBUILT = -2;

    private ExactReader() {}

    static IntervalStates readOne(ViewSnapshot snap, Interval interval) {
        long s = interval.start();
        long e = interval.end();
        StateSegments segs = new StateSegments(2);
        boolean stored = false;
        PaneVersions.Replacement rebuilt = snap.versions.replacement(s, e);
        if (rebuilt != null) {
            stored = true;
            segs.add(rebuilt.groups(), rebuilt.states(), 0, rebuilt.length());
        } else {
            SealedEpoch[] sealed = snap.sealed;
            for (int k = 0; k < sealed.length; k++) {
                if (e < snap.sealedMinEnds[k] || e > snap.sealedMaxEnds[k]) {
                    continue;
                }
                SealedEpoch ep = sealed[k];
                int d = ep.find(s, e);
                if (d == ep.intervals || !ep.matches(d, s, e)) {
                    continue;
                }
                stored = true;
                segs.add(ep.groups, ep.states, ep.offsets[d], ep.offsets[d + 1] - ep.offsets[d]);
            }
            MutableView mv = snap.mutable;
            if (mv.mayHoldEnd(e)) {
                for (int run = mv.firstRun(s, e); run >= 0; run = mv.nextRun(run)) {
                    stored = true;
                    segs.add(mv.groups(), mv.states(), mv.runFrom(run), mv.runTo(run) - mv.runFrom(run));
                }
            }
        }
        int count = 0;
        for (int i = 0; i < segs.size; i++) {
            count += segs.lengths[i];
        }
        return new IntervalStates(
                new Interval[] {interval},
                null,
                new int[] {0, segs.size},
                new int[] {count},
                new boolean[] {stored},
                segs,
                snap.groups);
    }

    /**
     * Reads {@code n} intervals given as parallel columns; {@code requested} is what the result
     * reports as interval {@code i}.
     */
    static IntervalStates readMany(ViewSnapshot snap, Interval[] requested, long[] starts, long[] ends, int n) {
        int[] perm = IntervalOrder.sort(ends, starts, n);
        long[] us = new long[n];
        long[] ue = new long[n];
        int[] uniqueOf = new int[n];
        int u = 0;
        for (int k = 0; k < n; k++) {
            int i = perm[k];
            if (u == 0 || ue[u - 1] != ends[i] || us[u - 1] != starts[i]) {
                us[u] = starts[i];
                ue[u] = ends[i];
                u++;
            }
            uniqueOf[i] = u - 1;
        }
        Requests q = new Requests(us, ue, u, new int[u], new boolean[u], new Runs(u + 16));
        List<PaneVersions.Replacement> rebuilt = rebuilt(snap, q);
        if (u > 0) {
            joinSealed(snap, q, rebuilt != null);
        }
        if (u > 0) {
            probeMutable(snap, q, rebuilt != null);
        }
        return assemble(snap, requested, uniqueOf, q, rebuilt);
    }

    /**
     * The rebuilt panes among the requests, each taken as its only run and marked
     * stored, so the epochs' fragments of it are skipped; null when the view has none.
     */
    private static List<PaneVersions.Replacement> rebuilt(ViewSnapshot snap, Requests q) {
        if (snap.versions.replaced().isEmpty()) {
            return null;
        }
        List<PaneVersions.Replacement> found = new ArrayList<>();
        for (int j = 0; j < q.count(); j++) {
            PaneVersions.Replacement r = snap.versions.replacement(q.start(j), q.end(j));
            if (r != null) {
                q.found(j, REBUILT - found.size(), 0, r.length());
                found.add(r);
            }
        }
        return found;
    }

    /** Adds the sealed epochs' fragments of every request; with {@code rebuilt}, not of rebuilt panes. */
    private static void joinSealed(ViewSnapshot snap, Requests q, boolean rebuilt) {
        SealedEpoch[] sealed = snap.sealed;
        for (int k = 0; k < sealed.length; k++) {
            long minEnd = snap.sealedMinEnds[k];
            long maxEnd = snap.sealedMaxEnds[k];
            if (maxEnd < q.ends()[0] || minEnd > q.ends()[q.count() - 1]) {
                continue;
            }
            SealedEpoch ep = sealed[k];
            int d = 0;
            for (int j = Search.firstAtLeast(q.ends(), 0, q.count(), minEnd);
                    j < q.count() && q.end(j) <= maxEnd;
                    j++) {
                d = ep.findFrom(d, q.start(j), q.end(j));
                if (d == ep.intervals) {
                    break;
                }
                if (!ep.matches(d, q.start(j), q.end(j))
                        || rebuilt && snap.versions.replacement(q.start(j), q.end(j)) != null) {
                    continue;
                }
                q.found(j, k, ep.offsets[d], ep.offsets[d + 1]);
                d++;
            }
        }
    }

    /** Adds the mutable epoch's fragments of every request; with {@code rebuilt}, not of rebuilt panes. */
    private static void probeMutable(ViewSnapshot snap, Requests q, boolean rebuilt) {
        MutableView mv = snap.mutable;
        if (mv.runCount() == 0) {
            return;
        }
        for (int j = Search.firstAtLeast(q.ends(), 0, q.count(), mv.minEnd());
                j < q.count() && q.end(j) <= mv.maxEnd();
                j++) {
            if (rebuilt && snap.versions.replacement(q.start(j), q.end(j)) != null) {
                continue;
            }
            for (int run = mv.firstRun(q.start(j), q.end(j)); run >= 0; run = mv.nextRun(run)) {
                q.found(j, MUTABLE, mv.runFrom(run), mv.runTo(run));
            }
        }
    }

    private static IntervalStates assemble(
            ViewSnapshot snap,
            Interval[] requested,
            int[] uniqueOf,
            Requests q,
            List<PaneVersions.Replacement> rebuilt) {
        int r = q.runs().size;
        int[] segFrom = new int[q.count() + 1];
        int[] rv = q.runs().values;
        for (int i = 0; i < r; i++) {
            segFrom[rv[4 * i] + 1]++;
        }
        for (int j = 0; j < q.count(); j++) {
            segFrom[j + 1] += segFrom[j];
        }
        int[] place = Arrays.copyOf(segFrom, q.count());
        StateSegments segments = new StateSegments(r);
        SealedEpoch[] sealed = snap.sealed;
        for (int i = 0; i < r; i++) {
            int seg = place[rv[4 * i]]++;
            int source = rv[4 * i + 1];
            int offset = rv[4 * i + 2];
            int length = rv[4 * i + 3];
            if (source <= REBUILT) {
                PaneVersions.Replacement pane = rebuilt.get(REBUILT - source);
                segments.set(seg, pane.groups(), pane.states(), offset, length);
            } else if (source == MUTABLE) {
                segments.set(seg, snap.mutable.groups(), snap.mutable.states(), offset, length);
            } else {
                segments.set(seg, sealed[source].groups, sealed[source].states, offset, length);
            }
        }
        segments.size = r;
        return new IntervalStates(requested, uniqueOf, segFrom, q.states(), q.stored(), segments, snap.groups);
    }

    /**
     * The distinct requested intervals, ordered by end then start, and what the read found for
     * each so far: its state count, whether it is stored, its runs.
     */
    private record Requests(long[] starts, long[] ends, int count, int[] states, boolean[] stored, Runs runs) {

        long start(int j) {
            return starts[j];
        }

        long end(int j) {
            return ends[j];
        }

        /** Request {@code j} is stored in {@code source}, whose rows {@code [from, to)} hold states of it. */
        void found(int j, int source, int from, int to) {
            stored[j] = true;
            if (to > from) {
                runs.add(j, source, from, to - from);
                states[j] += to - from;
            }
        }
    }

    /** Runs found so far, four ints each: unique request, source epoch, offset, length. */
    private static final class Runs {
        int[] values;
        int size;

        Runs(int capacity) {
            values = new int[4 * capacity];
        }

        void add(int unique, int source, int offset, int length) {
            if (4 * size + 4 > values.length) {
                values = Arrays.copyOf(values, values.length * 2);
            }
            int p = 4 * size++;
            values[p] = unique;
            values[p + 1] = source;
            values[p + 2] = offset;
            values[p + 3] = length;
        }
    }
}
