package io.tessera.exec.sql;

import io.tessera.exec.view.SuffixMerges;
import io.tessera.sketch.State;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * One group's pane states over a pane range that moves forward between evaluations, merged with
 * two stacks: a pane entering the range is merged once into the back; when the range's start
 * passes the back's start, the panes left are turned into suffix merges (the front). Each pane is
 * then merged a constant number of times however many ranges contain it, and the range's merge
 * is one more merge of a front suffix with the back. The merging is done when a merge is asked
 * for, so a group answered from its panes' values alone merges nothing. Panes are indexed by their
 * absolute number (start / pane width); a group absent from a pane has null there. Pane states
 * are never written.
 */
final class PaneStacks {

    private final Supplier<State> fresh;
    private State[] panes = new State[32];
    private State[] suffix = new State[32];
    private long base;
    private long from;
    private long to;
    private long mid;
    private State back;
    /** The back holds the merge of the panes {@code [mid, backTo)}. */
    private long backTo;

    PaneStacks(Supplier<State> fresh, long from) {
        this.fresh = fresh;
        this.base = from;
        this.from = from;
        this.to = from;
        this.mid = from;
        this.backTo = from;
    }

    long from() {
        return from;
    }

    long to() {
        return to;
    }

    /** Appends pane {@code to()} (null when the group is absent from it). */
    void push(State pane) {
        ensure(to - base + 1);
        panes[(int) (to - base)] = pane;
        to++;
    }

    /** Moves the range's start forward to {@code start} (at most {@code to()}). */
    void dropTo(long start) {
        if (start < from || start > to) {
            throw new IllegalArgumentException("cannot move [" + from + ", " + to + ") to start " + start);
        }
        from = start;
        if (from - base > 64 && from - base > panes.length / 2) {
            int shift = (int) (from - base);
            System.arraycopy(panes, shift, panes, 0, panes.length - shift);
            System.arraycopy(suffix, shift, suffix, 0, suffix.length - shift);
            java.util.Arrays.fill(panes, panes.length - shift, panes.length, null);
            java.util.Arrays.fill(suffix, suffix.length - shift, suffix.length, null);
            base = from;
        }
    }

    /** The merge of every pane of the range, into a new state; null when the group is in none. */
    State merged() {
        if (from > mid) {
            flip();
        }
        for (; backTo < to; backTo++) {
            State p = panes[(int) (backTo - base)];
            if (p != null) {
                if (back == null) {
                    back = fresh.get();
                }
                back.merge(p);
            }
        }
        State front = from < mid ? suffix[(int) (from - base)] : null;
        if (front == null && back == null) {
            return null;
        }
        State out = fresh.get();
        if (front != null) {
            out.merge(front);
        }
        if (back != null) {
            out.merge(back);
        }
        return out;
    }

    /** The group's pane states in the range, in time order. */
    List<State> states() {
        List<State> out = new ArrayList<>();
        for (long a = from; a < to; a++) {
            State s = panes[(int) (a - base)];
            if (s != null) {
                out.add(s);
            }
        }
        return out;
    }

    /** The panes {@code [from, to)} become the front, as suffix merges; the back is empty. */
    private void flip() {
        SuffixMerges.fill(panes, suffix, (int) (from - base), (int) (to - base), fresh);
        mid = to;
        back = null;
        backTo = to;
    }

    private void ensure(long size) {
        if (size > panes.length) {
            int n = (int) Math.max(size, 2L * panes.length);
            panes = java.util.Arrays.copyOf(panes, n);
            suffix = java.util.Arrays.copyOf(suffix, n);
        }
    }
}
