package io.tessera.store.summary;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.sketch.State;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The expected contents of a view, kept the obvious way: a list of every stored entry in
 * commit order, searched by brute force.
 */
final class SerialModel {

    record Entry(Labels group, Interval interval, State state) {
        boolean isMarker() {
            return group == null;
        }
    }

    final List<Entry> entries = new ArrayList<>();

    void add(Labels group, Interval interval, State state) {
        entries.add(new Entry(group, interval, state));
    }

    void addMarker(Interval pane) {
        entries.add(new Entry(null, pane, null));
    }

    void removeIf(java.util.function.Predicate<Entry> drop) {
        entries.removeIf(drop);
    }

    /** Group to state for exactly {@code interval}; null when nothing is stored for it. */
    Map<Labels, State> exact(Interval interval) {
        Map<Labels, State> out = new HashMap<>();
        boolean stored = false;
        for (Entry e : entries) {
            if (e.interval().equals(interval)) {
                stored = true;
                if (!e.isMarker()) {
                    out.put(e.group(), e.state());
                }
            }
        }
        return stored ? out : null;
    }

    /** The distinct stored intervals within {@code range}, in interval order. */
    List<Interval> contained(Interval range) {
        TreeSet<Interval> set = new TreeSet<>();
        for (Entry e : entries) {
            if (range.contains(e.interval())) {
                set.add(e.interval());
            }
        }
        return new ArrayList<>(set);
    }

    /** Interval to (group to state) for every stored interval within {@code range}. */
    Map<Interval, Map<Labels, State>> containedStates(Interval range) {
        Map<Interval, Map<Labels, State>> out = new LinkedHashMap<>();
        for (Interval i : contained(range)) {
            out.put(i, exact(i));
        }
        return out;
    }

    /**
     * Brute-force tiling: the intervals within {@code range} must chain from its start to its
     * end; returns them, or null when they do not.
     */
    List<Interval> tiling(Interval range) {
        List<Interval> within = contained(range);
        within.sort(
                (a, b) -> a.start() != b.start() ? Long.compare(a.start(), b.start()) : Long.compare(a.end(), b.end()));
        return range.isTiledBy(within) ? within : null;
    }
}
