package io.tessera.exec.view;

import io.tessera.core.Interval;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Time spans a reader reads raw, joined where they overlap or touch so that each sample is read once. */
public final class Spans {

    private Spans() {}

    /** The total length of the disjoint spans the edges make. */
    public static long coveredMs(List<Interval> edges) {
        long ms = 0;
        for (Interval span : disjoint(edges)) {
            ms += span.length();
        }
        return ms;
    }

    /** The edges as disjoint ascending spans: edges that overlap or touch are joined. */
    public static List<Interval> disjoint(List<Interval> edges) {
        List<Interval> sorted = new ArrayList<>();
        for (Interval e : edges) {
            if (!e.isEmpty()) {
                sorted.add(e);
            }
        }
        sorted.sort(Comparator.comparingLong(Interval::start));
        List<Interval> spans = new ArrayList<>();
        for (Interval e : sorted) {
            Interval last = spans.isEmpty() ? null : spans.getLast();
            if (last != null && e.start() <= last.end()) {
                spans.set(spans.size() - 1, new Interval(last.start(), Math.max(last.end(), e.end())));
            } else {
                spans.add(e);
            }
        }
        return spans;
    }
}
