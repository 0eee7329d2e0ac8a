package io.tessera.ingest.views;

import io.tessera.core.Batch;
import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.MissingStateException;
import io.tessera.spi.DataStore;
import io.tessera.spi.MaterializedViewRequest;
import io.tessera.spi.RawDataRequest;
import io.tessera.spi.ReadContext;
import io.tessera.spi.Source;
import io.tessera.spi.ViewId;
import io.tessera.spi.ViewStates;
import java.util.Iterator;
import java.util.List;

/**
 * The store query runs read: another store's data, and a view read that finds state missing
 * tells the {@link ViewMaintainer}, which starts building an AT_QUERY_KEPT view from the window
 * asked for. That run still answers exactly; the evaluations after it read the kept panes.
 */
public final class DemandingDataStore implements DataStore {

    private final DataStore store;
    private final ViewMaintainer maintainer;

    public DemandingDataStore(DataStore store, ViewMaintainer maintainer) {
        this.store = store;
        this.maintainer = maintainer;
    }

    @Override
    public Iterator<Batch> readRawData(Source source, RawDataRequest request, ReadContext context) {
        return store.readRawData(source, request, context);
    }

    @Override
    public void readRawSeries(Source source, RawDataRequest request, ReadContext context, SeriesSink sink) {
        store.readRawSeries(source, request, context, sink);
    }

    @Override
    public void readNewestSamples(
            Source source, List<LabelMatcher> predicates, Interval window, ReadContext context, SeriesSink sink) {
        store.readNewestSamples(source, predicates, window, context, sink);
    }

    @Override
    public void readRawSpans(
            Source source, List<LabelMatcher> predicates, List<Interval> spans, ReadContext context, SeriesSink sink) {
        store.readRawSpans(source, predicates, spans, context, sink);
    }

    @Override
    public ViewStates readMaterializedView(ViewId view, MaterializedViewRequest request, ReadContext context) {
        try {
            return store.readMaterializedView(view, request, context);
        } catch (MissingStateException e) {
            maintainer.demand(view.definitionId(), request.timeRange().start());
            throw e;
        }
    }
}
