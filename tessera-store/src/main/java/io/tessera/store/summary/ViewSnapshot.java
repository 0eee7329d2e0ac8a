package io.tessera.store.summary;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import java.util.List;

/**
 * One consistent, immutable view of a view's states: the sealed epochs and the committed
 * prefix of the mutable epoch as of one commit. Take one per run and do every read of the run
 * on it. Reads take no lock and allocate only their result; a snapshot keeps the epochs it
 * names alive, so retention never takes a state from under it.
 */
public final class ViewSnapshot {

    final String view;
    final long commitSequence;
    final SealedEpoch[] sealed;
    final long[] sealedMinEnds;
    final long[] sealedMaxEnds;
    final MutableView mutable;
    final GroupLabels groups;
    final PaneVersions versions;

    ViewSnapshot(
            String view,
            long commitSequence,
            SealedEpoch[] sealed,
            MutableView mutable,
            GroupLabels groups,
            PaneVersions versions) {
        this.versions = versions;
        this.view = view;
        this.commitSequence = commitSequence;
        this.sealed = sealed;
        this.mutable = mutable;
        this.groups = groups;
        sealedMinEnds = new long[sealed.length];
        sealedMaxEnds = new long[sealed.length];
        for (int k = 0; k < sealed.length; k++) {
            sealedMinEnds[k] = sealed[k].minEnd;
            sealedMaxEnds[k] = sealed[k].maxEnd;
        }
    }

    public String view() {
        return view;
    }

    /**
     * The number of commits (inserts, batches, pane markers, evictions) this snapshot reflects;
     * commit {@code n} is what {@link ViewStore} returned for the n-th change.
     */
    public long commitSequence() {
        return commitSequence;
    }

    /**
     * Whether late samples reached {@code pane} after it was built and no rebuild has replaced
     * it since: its states must not answer a query.
     */
    public boolean isStale(Interval pane) {
        return versions.isStale(pane);
    }

    /** The stale panes, each with the commit that marked it (see {@link ViewStore#replacePanes}). */
    public java.util.Map<Interval, Long> staleMarks() {
        return versions.stale();
    }

    /** The panes whose states a rebuild replaced. */
    public java.util.Set<Interval> rebuiltPanes() {
        return versions.replaced().keySet();
    }

    /**
     * How many times panes of this view were marked stale: two snapshots with the same number saw
     * no late data reach a built pane in between.
     */
    public long staleMarkings() {
        return versions.staleMarkings();
    }

    /**
     * Every group's state for exactly {@code interval}, with its fragments from every epoch, or
     * the states of its rebuild when it was rebuilt.
     */
    public IntervalStates readExact(Interval interval) {
        return ExactReader.readOne(this, interval);
    }

    /**
     * {@link #readExact} for many intervals in one pass per epoch. Results are in request order;
     * equal requests are resolved once and share their segments.
     */
    public IntervalStates readExactBatch(List<Interval> intervals) {
        int n = intervals.size();
        Interval[] requested = intervals.toArray(new Interval[0]);
        long[] starts = new long[n];
        long[] ends = new long[n];
        for (int i = 0; i < n; i++) {
            starts[i] = requested[i].start();
            ends[i] = requested[i].end();
        }
        return ExactReader.readMany(this, requested, starts, ends, n);
    }

    /**
     * The states that tile {@code range} exactly, in time order of their intervals.
     *
     * <p>Tiling is decided on the distinct intervals stored for the view (a state of any group
     * or a pane marker) that lie within the range: sorted by start, they must chain from the
     * range's start to its end with no gap and no overlap. A group with no state in one of
     * those intervals had no samples there; its absence is not a gap. A pane committed with
     * no group at all is known only through its marker ({@link ViewStore#commitEmptyPane}).
     * Stored intervals that stick out of the range are not part of it.
     *
     * @throws MissingStateException naming the first part of the range that the stored
     *     intervals do not tile: a gap, or the overlapping part of two stored intervals
     */
    public IntervalStates readTiling(Interval range) {
        if (range.isEmpty()) {
            return readIntervals(new ContainedIntervals());
        }
        ContainedIntervals found = ContainedIntervals.of(this, range.start(), range.end());
        found.sortDistinct(true);
        long cursor = range.start();
        for (int i = 0; i < found.size; i++) {
            long s = found.starts[i];
            long e = found.ends[i];
            if (s > cursor) {
                throw new MissingStateException(view, new Interval(cursor, s), "no stored interval");
            }
            if (s < cursor) {
                throw new MissingStateException(view, new Interval(s, Math.min(cursor, e)), "stored intervals overlap");
            }
            cursor = e;
        }
        if (cursor < range.end()) {
            throw new MissingStateException(view, new Interval(cursor, range.end()), "no stored interval");
        }
        return readIntervals(found);
    }

    /**
     * Every state whose interval lies within {@code range}, for views with irregular intervals:
     * one entry per distinct stored interval, in interval order (by end, then start). Unlike
     * {@link #readTiling} this neither requires nor checks a tiling.
     */
    public IntervalStates readContained(Interval range) {
        ContainedIntervals found =
                range.isEmpty() ? new ContainedIntervals() : ContainedIntervals.of(this, range.start(), range.end());
        found.sortDistinct(false);
        return readIntervals(found);
    }

    private IntervalStates readIntervals(ContainedIntervals found) {
        int n = found.size;
        Interval[] intervals = new Interval[n];
        for (int i = 0; i < n; i++) {
            intervals[i] = new Interval(found.starts[i], found.ends[i]);
        }
        return ExactReader.readMany(this, intervals, found.starts, found.ends, n);
    }

    /** The number of states (pane markers not counted). */
    public long stateCount() {
        long n = mutable.length();
        for (SealedEpoch ep : sealed) {
            n += ep.stateCount;
        }
        return n;
    }

    /** Approximate heap bytes of the states and epochs this snapshot holds (the dictionary not counted). */
    public long memoryBytes() {
        long bytes = mutable.memoryBytes() + (versions.isEmpty() ? 0 : versions.memoryBytes());
        for (SealedEpoch ep : sealed) {
            bytes += ep.memoryBytes;
        }
        return bytes;
    }

    public int sealedEpochCount() {
        return sealed.length;
    }

    /** The number of group ids this snapshot can resolve. */
    public int groupCount() {
        return groups.size();
    }

    public Labels group(int groupId) {
        return groups.group(groupId);
    }

    /** The smallest stored interval (by end, then start), or null when nothing is stored. */
    public Interval earliest() {
        long s = 0;
        long e = 0;
        boolean any = false;
        for (SealedEpoch ep : sealed) {
            if (!any || before(ep.ends[0], ep.starts[0], e, s)) {
                s = ep.starts[0];
                e = ep.ends[0];
                any = true;
            }
        }
        int r = mutable.earliestRun();
        if (r >= 0 && (!any || before(mutable.runEnd(r), mutable.runStart(r), e, s))) {
            s = mutable.runStart(r);
            e = mutable.runEnd(r);
            any = true;
        }
        return any ? new Interval(s, e) : null;
    }

    /** The largest stored interval (by end, then start), or null when nothing is stored. */
    public Interval latest() {
        long s = 0;
        long e = 0;
        boolean any = false;
        for (SealedEpoch ep : sealed) {
            int last = ep.intervals - 1;
            if (!any || before(e, s, ep.ends[last], ep.starts[last])) {
                s = ep.starts[last];
                e = ep.ends[last];
                any = true;
            }
        }
        int r = mutable.latestRun();
        if (r >= 0 && (!any || before(e, s, mutable.runEnd(r), mutable.runStart(r)))) {
            s = mutable.runStart(r);
            e = mutable.runEnd(r);
            any = true;
        }
        return any ? new Interval(s, e) : null;
    }

    private static boolean before(long e1, long s1, long e2, long s2) {
        return e1 < e2 || (e1 == e2 && s1 < s2);
    }
}
