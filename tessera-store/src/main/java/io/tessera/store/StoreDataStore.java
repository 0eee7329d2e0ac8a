package io.tessera.store;

import io.tessera.core.Batch;
import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.MissingStateException;
import io.tessera.core.Schema;
import io.tessera.spi.DataStore;
import io.tessera.spi.LabelsTable;
import io.tessera.spi.MaterializedViewRequest;
import io.tessera.spi.RawDataRequest;
import io.tessera.spi.ReadContext;
import io.tessera.spi.Source;
import io.tessera.spi.ViewId;
import io.tessera.spi.ViewStates;
import io.tessera.store.raw.RawStore;
import io.tessera.store.summary.IntervalStates;
import io.tessera.store.summary.SummaryStore;
import io.tessera.store.summary.ViewSnapshot;
import io.tessera.store.summary.ViewStore;
import io.tessera.store.table.TableStore;
import java.util.Iterator;
import java.util.List;

/**
 * The production {@link DataStore}: raw reads from the raw store, view reads from the summary
 * store (one snapshot and one batched exact read per request). Each raw read sees every series
 * as a consistent prefix of its samples; a run's reads are not one global snapshot while ingest
 * continues, so two Scans of one run may see a series up to different samples.
 */
public final class StoreDataStore implements DataStore {

    private final RawStore raw;
    private final SummaryStore summaries;
    private final TableStore tables;

    public StoreDataStore(RawStore raw) {
        this(raw, new SummaryStore());
    }

    public StoreDataStore(RawStore raw, SummaryStore summaries) {
        this(raw, summaries, TableStore.empty());
    }

    /** @param tables the SQL tables a {@link Source.Table} read is answered from */
    public StoreDataStore(RawStore raw, SummaryStore summaries, TableStore tables) {
        this.raw = raw;
        this.summaries = summaries;
        this.tables = tables;
    }

    /**
     * Time series from the raw store; a {@link Source.Table} from the table store, exactly the
     * requested columns restricted to the time range and the request's row condition, one batch
     * per chunk (an unknown table is an {@link io.tessera.store.table.UnknownTableException}).
     */
    @Override
    public Iterator<Batch> readRawData(Source source, RawDataRequest request, ReadContext context) {
        if (source instanceof Source.Table(String name)) {
            return tables.read(name, request.timeRange(), request.schema(), request.rows())
                    .iterator();
        }
        if (!(source instanceof Source.TimeSeries)) {
            throw new InvalidInputException("no such source: " + source);
        }
        Interval range = request.timeRange() == null ? RawStore.ALL_TIME : request.timeRange();
        return raw.read(request.predicates(), range, request.schema()).iterator();
    }

    /** The same read as {@link #readRawData}, series by series from the raw store's decoder. */
    @Override
    public void readRawSeries(Source source, RawDataRequest request, ReadContext context, SeriesSink sink) {
        if (!(source instanceof Source.TimeSeries)) {
            throw new InvalidInputException("no such source: " + source);
        }
        if (!request.schema().equals(Schema.TIME_SERIES)) {
            throw new InvalidInputException(
                    "a per-series read has columns " + Schema.TIME_SERIES + ", not " + request.schema());
        }
        Interval range = request.timeRange() == null ? RawStore.ALL_TIME : request.timeRange();
        raw.readSeries(request.predicates(), range, sink);
    }

    /** The newest sample of each matching series in {@code window}, found without decoding the rest of the window. */
    @Override
    public void readNewestSamples(
            Source source, List<LabelMatcher> predicates, Interval window, ReadContext context, SeriesSink sink) {
        if (!(source instanceof Source.TimeSeries)) {
            throw new InvalidInputException("no such source: " + source);
        }
        raw.readNewest(predicates, window, sink);
    }

    /** The spans of every matching series in one walk over the raw store's series (not in label order). */
    @Override
    public void readRawSpans(
            Source source, List<LabelMatcher> predicates, List<Interval> spans, ReadContext context, SeriesSink sink) {
        if (!(source instanceof Source.TimeSeries)) {
            throw new InvalidInputException("no such source: " + source);
        }
        raw.readSpans(predicates, spans.toArray(new Interval[0]), sink);
    }

    /**
     * One batched exact read of every requested pane from one snapshot of the view; a pane not
     * built, or stale (samples arrived for it after it was built, and it is not rebuilt yet), is
     * missing state.
     */
    @Override
    public ViewStates readMaterializedView(ViewId view, MaterializedViewRequest request, ReadContext context) {
        ViewStore store = summaries.existingView(view.definitionId());
        if (store == null) {
            throw new MissingStateException(view.definitionId(), request.timeRange(), "the view has no state yet");
        }
        ViewSnapshot snapshot = store.snapshot();
        IntervalStates read = snapshot.readExactBatch(request.panes());
        for (int i = 0; i < read.intervalCount(); i++) {
            if (!read.isStored(i)) {
                throw new MissingStateException(view.definitionId(), read.interval(i), "pane not built");
            }
            if (snapshot.isStale(read.interval(i))) {
                throw new MissingStateException(
                        view.definitionId(),
                        read.interval(i),
                        "samples arrived after the pane was built; it is being rebuilt");
            }
        }
        long version = snapshot.staleMarkings();
        return new ViewStates() {
            @Override
            public long version() {
                return version;
            }

            @Override
            public int paneCount() {
                return read.intervalCount();
            }

            @Override
            public Interval pane(int i) {
                return read.interval(i);
            }

            @Override
            public void forEach(int pane, Visitor visitor) {
                read.forEach(pane, (groupId, state) -> visitor.visit(read.group(groupId), state));
            }

            @Override
            public int stateCount(int pane) {
                return read.stateCount(pane);
            }

            @Override
            public LabelsTable groups() {
                return store.groups();
            }

            @Override
            public void forEachGroup(int pane, GroupVisitor visitor) {
                read.forEach(pane, visitor::visit);
            }
        };
    }
}
