package io.tessera.spi;

import io.tessera.core.Interval;
import java.util.List;

/**
 * What a view read asks of a {@link DataStore}: the states of exactly these panes (in time
 * order, each once), which lie in {@code timeRange}. A range query asks for all the panes of all
 * its steps in one request.
 */
public record MaterializedViewRequest(Interval timeRange, List<Interval> panes) {

    public MaterializedViewRequest {
        panes = List.copyOf(panes);
    }

    /** The request for {@code panes} (at least one), over the range from the first's start to the last's end. */
    public static MaterializedViewRequest of(List<Interval> panes) {
        return new MaterializedViewRequest(
                new Interval(panes.getFirst().start(), panes.getLast().end()), panes);
    }
}
