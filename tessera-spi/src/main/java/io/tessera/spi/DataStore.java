package io.tessera.spi;

import io.tessera.core.Batch;
import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.core.Schema;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * The only data interface between the executor and a deployment. One handle serves one run
 * and presents one consistent snapshot to every read of that run. Stores only read: operators
 * own every semantic (windows, staleness, merging, rates).
 */
public interface DataStore {

    /** Receives one series of a read. */
    @FunctionalInterface
    interface SeriesSink {
        /**
         * The samples {@code [0, count)} of the series {@code labels}, in strictly increasing time
         * order. The arrays are handed over: the store never touches them again.
         */
        void series(Labels labels, long[] ts, double[] values, int count);

        /**
         * The samples {@code [from, from + count)} of the series {@code labels}, in strictly
         * increasing time order, in arrays the store may hand with other series' samples too: the
         * sink only reads them, and the store never writes them again, so the sink may keep them.
         * By default copied out and handed to {@link #series}.
         */
        default void seriesRange(Labels labels, long[] ts, double[] values, int from, int count) {
            series(
                    labels,
                    Arrays.copyOfRange(ts, from, from + count),
                    Arrays.copyOfRange(values, from, from + count),
                    count);
        }
    }

    /**
     * The raw rows of {@code source} in {@code request.timeRange()} (or all, when null) with
     * exactly the requested columns. Predicates are a hint; the executor re-applies them and
     * the time range to what comes back.
     */
    Iterator<Batch> readRawData(Source source, RawDataRequest request, ReadContext context);

    /**
     * The same read as {@link #readRawData} handed series by series, each series' samples as
     * primitive arrays: each series of {@code source} with samples in {@code request.timeRange()}
     * (all time when null) to {@code sink}, in label order, each series once. Only for requests of
     * {@link Schema#TIME_SERIES}; predicates are a hint and the time range may be wider than
     * asked, as for {@link #readRawData}. By default the rows of {@link #readRawData}, each run of
     * rows of one label set handed as one series.
     */
    default void readRawSeries(Source source, RawDataRequest request, ReadContext context, SeriesSink sink) {
        if (!request.schema().equals(Schema.TIME_SERIES)) {
            throw new InvalidInputException(
                    "a per-series read has columns " + Schema.TIME_SERIES + ", not " + request.schema());
        }
        SeriesGrouping.hand(readRawData(source, request, context), context, sink);
    }

    /**
     * What an instant vector selector reads: for each series of {@code source} with a sample in
     * {@code window}, its newest sample there (a staleness marker included), handed to {@code
     * sink} in label order. A store may hand older samples of the window too, as {@link
     * #readRawSeries} does (the default); the executor keeps each series' newest sample in the
     * window. Predicates are a hint, as for {@link #readRawSeries}.
     */
    default void readNewestSamples(
            Source source, List<LabelMatcher> predicates, Interval window, ReadContext context, SeriesSink sink) {
        readRawSeries(source, new RawDataRequest(window, Schema.TIME_SERIES, predicates), context, sink);
    }

    /**
     * The samples of each series of {@code source} in the ascending, disjoint {@code spans}, read
     * in one call: each series with a sample in any span once, the samples of all spans together
     * in time order, series in any order. As with {@link #readRawSeries}, predicates are a hint
     * and the store may give samples outside the spans; the executor re-applies both. By default
     * one read of the range from the first span's start to the last one's end.
     */
    default void readRawSpans(
            Source source, List<LabelMatcher> predicates, List<Interval> spans, ReadContext context, SeriesSink sink) {
        if (spans.isEmpty()) {
            return;
        }
        Interval all = new Interval(spans.getFirst().start(), spans.getLast().end());
        readRawSeries(source, new RawDataRequest(all, Schema.TIME_SERIES, predicates), context, sink);
    }

    /**
     * The states of {@code view} for exactly the requested panes: never an observation twice,
     * never another definition's state, and never a missing pane read as empty.
     *
     * @throws MissingStateException naming the first pane the store cannot give; a store that
     *     keeps no views answers every view read so
     */
    default ViewStates readMaterializedView(ViewId view, MaterializedViewRequest request, ReadContext context) {
        throw new MissingStateException(view.definitionId(), request.timeRange(), "this store keeps no views");
    }
}
