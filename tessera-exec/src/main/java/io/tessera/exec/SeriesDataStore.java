package io.tessera.exec;

import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.Schema;
import io.tessera.plan.Source;
import java.util.List;

/**
 * An optional extension of {@link DataStore}: the same raw read handed series by series, each
 * series' samples as primitive arrays, instead of as rows of batches. A Scan uses it when the
 * store offers it; the answer must be exactly what {@link #readRawData} would give.
 *
 * <p>Only for requests of {@link Schema#TIME_SERIES} (ts, value, labels: a series' labels are
 * given once, its times and values as arrays). The contract is {@link DataStore}'s: predicates
 * are a hint and the time range may be wider than asked; the executor re-applies both.
 */
public interface SeriesDataStore extends DataStore {

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
                    java.util.Arrays.copyOfRange(ts, from, from + count),
                    java.util.Arrays.copyOfRange(values, from, from + count),
                    count);
        }
    }

    /**
     * Hands each series of {@code source} with samples in {@code request.timeRange()} (all time
     * when null) to {@code sink}, in label order, each series once.
     */
    void readRawSeries(Source source, RawDataRequest request, RunContext context, SeriesSink sink);

    /**
     * The samples of each series of {@code source} in the ascending, disjoint {@code spans}, read
     * in one call: each series with a sample in any span once, the samples of all spans together
     * in time order, series in any order. As with {@link #readRawSeries}, predicates are a hint
     * and the store may give samples outside the spans; the executor re-applies both. By default
     * one read of the range from the first span's start to the last one's end.
     */
    default void readRawSpans(
            Source source, List<LabelMatcher> predicates, List<Interval> spans, RunContext context, SeriesSink sink) {
        if (spans.isEmpty()) {
            return;
        }
        Interval all = new Interval(spans.getFirst().start(), spans.getLast().end());
        readRawSeries(source, new RawDataRequest(all, Schema.TIME_SERIES, predicates), context, sink);
    }
}
