package io.tessera.store.summary;

import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.sketch.State;
import java.util.Arrays;

/**
 * States to commit to one view together, columnar: {@link ViewStore#insertBatch} makes all of
 * them visible at once or, if any is rejected, none. A batch may be cleared and reused.
 */
public final class StateBatch {

    Labels[] groups;
    long[] starts;
    long[] ends;
    State[] states;
    int size;

    public StateBatch() {
        this(64);
    }

    public StateBatch(int capacity) {
        int n = Math.max(capacity, 1);
        groups = new Labels[n];
        starts = new long[n];
        ends = new long[n];
        states = new State[n];
    }

    public StateBatch add(Labels group, Interval interval, State state) {
        return add(group, interval.start(), interval.end(), state);
    }

    /** Adds the state of {@code group} over {@code (start, end]}. */
    public StateBatch add(Labels group, long start, long end, State state) {
        if (group == null || state == null) {
            throw new InvalidInputException("a stored state needs a group and a state");
        }
        append(group, start, end, state);
        return this;
    }

    /**
     * Records that {@code pane} was committed, so that a pane where no group had a sample is
     * told apart from a missing pane. Recording the same pane twice is harmless.
     */
    public StateBatch addEmptyPane(Interval pane) {
        append(null, pane.start(), pane.end(), null);
        return this;
    }

    public int size() {
        return size;
    }

    public void clear() {
        Arrays.fill(groups, 0, size, null);
        Arrays.fill(states, 0, size, null);
        size = 0;
    }

    private void append(Labels group, long start, long end, State state) {
        checkInterval(start, end);
        if (size == starts.length) {
            int n = size * 2;
            groups = Arrays.copyOf(groups, n);
            starts = Arrays.copyOf(starts, n);
            ends = Arrays.copyOf(ends, n);
            states = Arrays.copyOf(states, n);
        }
        groups[size] = group;
        starts[size] = start;
        ends[size] = end;
        states[size] = state;
        size++;
    }

    static void checkInterval(long start, long end) {
        if (end <= start) {
            throw new InvalidInputException("a stored interval must be non-empty, got (" + start + ", " + end + "]");
        }
    }
}
