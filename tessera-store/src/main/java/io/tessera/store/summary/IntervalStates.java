package io.tessera.store.summary;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.sketch.State;

/**
 * The states a read found, columnar: for each requested interval (in request order) a range of
 * <em>segments</em>, each a slice of shared group-id and state columns. Slices of sealed epochs
 * are shared with the store, not copied; they never change, and this class never hands the
 * arrays out. States of a fixed-width family are read from their words anew at each call
 * ({@link StateColumn}). An interval's states are every fragment stored for it, from every epoch, each
 * group at most once. Group ids resolve through {@link #group(int)}, the view's dictionary as
 * of the snapshot.
 *
 * <p>Requested intervals that are equal share one resolution: {@link #firstSegment} is the same
 * for both.
 */
public final class IntervalStates {

    private final Interval[] intervals;
    private final int[] uniqueOf;
    private final int[] segmentFrom;
    private final int[] stateCounts;
    private final boolean[] stored;
    private final StateSegments segments;
    private final GroupLabels groups;

    IntervalStates(
            Interval[] intervals,
            int[] uniqueOf,
            int[] segmentFrom,
            int[] stateCounts,
            boolean[] stored,
            StateSegments segments,
            GroupLabels groups) {
        this.intervals = intervals;
        this.uniqueOf = uniqueOf;
        this.segmentFrom = segmentFrom;
        this.stateCounts = stateCounts;
        this.stored = stored;
        this.segments = segments;
        this.groups = groups;
    }

    public int intervalCount() {
        return intervals.length;
    }

    public Interval interval(int i) {
        return intervals[i];
    }

    /**
     * True when the view has anything stored for interval {@code i}: a state, or the marker of
     * a pane committed with no state. False means the interval is missing, not empty.
     */
    public boolean isStored(int i) {
        return stored[unique(i)];
    }

    public int stateCount(int i) {
        return stateCounts[unique(i)];
    }

    /** The sum of {@link #stateCount} over all requested intervals, repeats included. */
    public long totalStates() {
        long total = 0;
        for (int i = 0; i < intervals.length; i++) {
            total += stateCounts[unique(i)];
        }
        return total;
    }

    /** The first segment of interval {@code i}. */
    public int firstSegment(int i) {
        return segmentFrom[unique(i)];
    }

    /** One past the last segment of interval {@code i}. */
    public int endSegment(int i) {
        return segmentFrom[unique(i) + 1];
    }

    public int segmentLength(int segment) {
        return segments.lengths[segment];
    }

    public int groupId(int segment, int k) {
        return segments.groups[segment][offset(segment, k)];
    }

    public State state(int segment, int k) {
        return segments.states[segment].get(offset(segment, k));
    }

    /** The label set of a group id found in this result. */
    public Labels group(int groupId) {
        return groups.group(groupId);
    }

    /** Calls {@code visitor} with every state of interval {@code i}. */
    public void forEach(int i, StateVisitor visitor) {
        int j = unique(i);
        for (int seg = segmentFrom[j]; seg < segmentFrom[j + 1]; seg++) {
            int[] g = segments.groups[seg];
            StateColumn s = segments.states[seg];
            int from = segments.offsets[seg];
            int to = from + segments.lengths[seg];
            for (int k = from; k < to; k++) {
                visitor.visit(g[k], s.get(k));
            }
        }
    }

    private int unique(int i) {
        return uniqueOf == null ? i : uniqueOf[i];
    }

    private int offset(int segment, int k) {
        if (k < 0 || k >= segments.lengths[segment]) {
            throw new IndexOutOfBoundsException(
                    "state " + k + " of segment " + segment + " with " + segments.lengths[segment]);
        }
        return segments.offsets[segment] + k;
    }
}
