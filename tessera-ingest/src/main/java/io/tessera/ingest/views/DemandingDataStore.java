package io.tessera.ingest.views;

import io.tessera.core.Batch;
import io.tessera.core.MissingStateException;
import io.tessera.exec.MaterializedViewRequest;
import io.tessera.exec.RawDataRequest;
import io.tessera.exec.RunContext;
import io.tessera.exec.SeriesDataStore;
import io.tessera.exec.ViewStates;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.Source;
import java.util.Iterator;

/**
 * The store query runs read: another store's data, and a view read that finds state missing
 * tells the {@link ViewMaintainer}, which starts building an AT_QUERY_KEPT view from the window
 * asked for. That run still answers exactly; the evaluations after it read the kept panes.
 */
public final class DemandingDataStore implements SeriesDataStore {

    private final SeriesDataStore store;
    private final ViewMaintainer maintainer;

    public DemandingDataStore(SeriesDataStore store, ViewMaintainer maintainer) {
        this.store = store;
        this.maintainer = maintainer;
    }

    @Override
    public Iterator<Batch> readRawData(Source source, RawDataRequest request, RunContext context) {
        return store.readRawData(source, request, context);
    }

    @Override
    public void readRawSeries(Source source, RawDataRequest request, RunContext context, SeriesSink sink) {
        store.readRawSeries(source, request, context, sink);
    }

    @Override
    public void readRawSpans(
            Source source,
            java.util.List<io.tessera.core.LabelMatcher> predicates,
            java.util.List<io.tessera.core.Interval> spans,
            RunContext context,
            SeriesSink sink) {
        store.readRawSpans(source, predicates, spans, context, sink);
    }

    @Override
    public ViewStates readMaterializedView(MaterializedView view, MaterializedViewRequest request, RunContext context) {
        try {
            return store.readMaterializedView(view, request, context);
        } catch (MissingStateException e) {
            maintainer.demand(view.definitionId(), request.timeRange().start());
            throw e;
        }
    }
}
