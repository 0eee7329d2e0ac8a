package io.tessera.exec.view.panes;

import io.tessera.core.Interval;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.view.Spans;
import java.util.ArrayList;
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
        List<Interval> spans = Spans.disjoint(edges);
        List<SeriesRows> rows = new ArrayList<>(spans.size());
        for (Interval span : spans) {
            rows.add(rawRows.apply(span));
        }
        return new EdgeRows(spans, rows);
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
