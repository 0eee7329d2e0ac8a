package io.tessera.exec.view.panes;

import io.tessera.exec.view.SuffixMerges;
import io.tessera.sketch.State;
import java.util.function.Supplier;

/**
 * The merge of a window of consecutive panes of one group, sliding forward over a run's steps
 * with two stacks: panes enter the back (one merge each), and when the window's start passes
 * the back's start, the back is turned into suffix merges of the front. Each pane is merged a
 * constant number of times however many windows contain it, and merges keep time order
 * (earlier state first), so any mergeable state works. The pane states are never modified.
 */
final class SlidingMerge {

    private final Supplier<State> newState;
    private State[] panes;
    private State[] suffix = new State[0];
    private int mid;
    private int end;
    private State back;

    SlidingMerge(Supplier<State> newState) {
        this.newState = newState;
    }

    /** Starts over on one group's pane states (null where the group has none). */
    void reset(State[] column) {
        panes = column;
        if (suffix.length < column.length) {
            suffix = new State[column.length];
        }
        mid = 0;
        end = 0;
        back = null;
    }

    /**
     * Merges the window {@code [from, to)} of panes into {@code into}; {@code from} and
     * {@code to} must not decrease from one call to the next.
     */
    void mergeWindow(int from, int to, State into) {
        if (from >= end) {
            // nothing merged so far reaches this window (as for the only window of an instant query): start here
            mid = from;
            end = from;
            back = null;
        }
        for (; end < to; end++) {
            State p = panes[end];
            if (p != null) {
                if (back == null) {
                    back = newState.get();
                }
                back.merge(p);
            }
        }
        if (from > mid) {
            flip(from);
        }
        if (from < mid && suffix[from] != null) {
            into.merge(suffix[from]);
        }
        if (back != null) {
            into.merge(back);
        }
    }

    /** The panes {@code [from, end)} become the front, as suffix merges; the back is empty. */
    private void flip(int from) {
        SuffixMerges.fill(panes, suffix, from, end, newState);
        mid = end;
        back = null;
    }
}
