package io.tessera.exec.view;

import io.tessera.core.Interval;
import io.tessera.exec.value.SeriesRows;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * The raw rows behind the off-grid edges of a run's windows, read as few disjoint spans: edges
 * that overlap or touch share one read, and the gap between an instant window's head and tail
 * (the covered part, answered from panes) is never read.
 */
final class EdgeRows {

    private final List<Interval> spans;
    private final List<SeriesRows> rows;

    private EdgeRows(List<Interval> spans, List<SeriesRows> rows) {
        this.spans = spans;
        this.rows = rows;
    }

    static EdgeRows read(List<Interval> edges, Function<Interval, SeriesRows> rawRows) {
        List<Interval> spans = spans(edges);
        List<SeriesRows> rows = new ArrayList<>(spans.size());
        for (Interval span : spans) {
            rows.add(rawRows.apply(span));
        }
        return new EdgeRows(spans, rows);
    }

    /** The total length of the disjoint spans the edges make. */
    static long coveredMs(List<Interval> edges) {
        long ms = 0;
        for (Interval span : spans(edges)) {
            ms += span.length();
        }
        return ms;
    }

    /** The edges as disjoint ascending spans: edges that overlap or touch are joined. */
    static List<Interval> spans(List<Interval> edges) {
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

    boolean isEmpty() {
        return spans.isEmpty();
    }

    /** The rows of the span that contains {@code edge}, or null when the edge is empty. */
    SeriesRows covering(Interval edge) {
        for (int i = 0; i < spans.size(); i++) {
            Interval s = spans.get(i);
            if (s.start() <= edge.start() && edge.end() <= s.end()) {
                return rows.get(i);
            }
        }
        return null;
    }
}
