package io.tessera.core;

import java.util.ArrayList;
import java.util.List;

/**
 * A fixed grid of panes of one width on one phase: pane ends are the instants
 * {@code phase + k * width}. A window whose edges lie on the grid is the merge of the panes it
 * contains.
 */
public record PaneGrid(long width, long phase) {

    public PaneGrid {
        if (width <= 0) {
            throw new InvalidInputException("pane width must be positive, got " + width);
        }
        phase = Math.floorMod(phase, width);
    }

    public static PaneGrid of(long width) {
        return new PaneGrid(width, 0);
    }

    public static PaneGrid forWindowAndStep(long window, long step, long phase) {
        return new PaneGrid(gcd(window, step), phase);
    }

    public static long gcd(long a, long b) {
        if (a <= 0 || b <= 0) {
            throw new InvalidInputException("gcd needs positive arguments, got " + a + " and " + b);
        }
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    public boolean isOnGrid(long ts) {
        return Math.floorMod(ts - phase, width) == 0;
    }

    /** The end of the pane that holds {@code ts}: the smallest grid instant {@code >= ts}. */
    public long paneEndFor(long ts) {
        long r = Math.floorMod(ts - phase, width);
        return r == 0 ? ts : ts - r + width;
    }

    /** The largest grid instant {@code <= ts}. */
    public long floor(long ts) {
        return ts - Math.floorMod(ts - phase, width);
    }

    /** The pane that holds {@code ts}. */
    public Interval paneFor(long ts) {
        long end = paneEndFor(ts);
        return new Interval(end - width, end);
    }

    /** True when both edges of {@code window} lie on the grid. */
    public boolean aligns(Interval window) {
        return isOnGrid(window.start()) && isOnGrid(window.end());
    }

    /** Number of whole panes inside {@code range}. */
    public int paneCount(Interval range) {
        long start = paneEndFor(range.start());
        long end = floor(range.end());
        return end > start ? Math.toIntExact((end - start) / width) : 0;
    }

    /** The whole panes inside {@code range}, in time order. */
    public List<Interval> panesWithin(Interval range) {
        List<Interval> panes = new ArrayList<>();
        long start = paneEndFor(range.start());
        for (long end = start + width; end <= range.end(); end += width) {
            panes.add(new Interval(end - width, end));
        }
        return panes;
    }

    /** The part of {@code range} that the whole panes inside it cover, or null if none. */
    public Interval coveredPart(Interval range) {
        long start = paneEndFor(range.start());
        long end = floor(range.end());
        return end > start ? new Interval(start, end) : null;
    }
}
