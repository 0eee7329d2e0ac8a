package io.tessera.exec;

import io.tessera.core.Labels;
import io.tessera.core.Schema;
import io.tessera.plan.Source;

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
    }

    /**
     * Hands each series of {@code source} with samples in {@code request.timeRange()} (all time
     * when null) to {@code sink}, in label order, each series once.
     */
    void readRawSeries(Source source, RawDataRequest request, RunContext context, SeriesSink sink);
}
