package io.tessera.exec.view.panes;

import io.tessera.core.Interval;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.view.Spans;
import java.util.List;
import java.util.function.Function;

/**
 * The raw rows behind the off-grid edges of a run's windows, read in one store call over a few
 * disjoint spans: edges that overlap or touch share a span, and the gap between an instant
 * window's head and tail (the covered part, answered from panes) is never read. Each series' row
 * holds its samples of every span, in time order; an edge takes its own by time.
 */
final class EdgeRows {

    private final List<Interval> spans;
    private final SeriesRows rows;

    private EdgeRows(List<Interval> spans, SeriesRows rows) {
        this.spans = spans;
        this.rows = rows;
    }

    /** @param rawRows reads the view's Scan over ascending disjoint spans in one store call */
    static EdgeRows read(List<Interval> edges, Function<List<Interval>, SeriesRows> rawRows) {
        List<Interval> spans = Spans.disjoint(edges);
        return new EdgeRows(spans, spans.isEmpty() ? null : rawRows.apply(spans));
    }

    boolean isEmpty() {
        return spans.isEmpty();
    }

    /** The rows holding {@code edge}'s samples among others, or null when the edge is empty. */
    SeriesRows covering(Interval edge) {
        for (Interval s : spans) {
            if (s.start() <= edge.start() && edge.end() <= s.end()) {
                return rows;
            }
        }
        return null;
    }
}
