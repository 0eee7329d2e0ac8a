package io.tessera.exec;

import io.tessera.core.Labels;
import io.tessera.spi.LabelsTable;
import java.util.List;

/**
 * What a PromQL query answers, in Prometheus' result types, with the warnings and infos the
 * API reports next to the data.
 */
public sealed interface QueryResult {

    List<String> warnings();

    List<String> infos();

    /** One point of an instant vector. */
    record Sample(Labels labels, long t, double value) {}

    /** A series of a matrix: its points in time order. */
    record Series(Labels labels, long[] ts, double[] values) {}

    /**
     * @param labelsFrom where the samples' label sets come from, when one table holds them all
     *     (sample i's is {@code table.labels(rows[i])}); null otherwise
     */
    record VectorResult(List<Sample> samples, List<String> warnings, List<String> infos, TableRows labelsFrom)
            implements QueryResult {

        public VectorResult(List<Sample> samples, List<String> warnings, List<String> infos) {
            this(samples, warnings, infos, null);
        }
    }

    /** Sample i's label set is {@code table.labels(rows[i])}. */
    record TableRows(LabelsTable table, int[] rows) {}

    record MatrixResult(List<Series> series, List<String> warnings, List<String> infos) implements QueryResult {}

    record ScalarResult(long t, double value, List<String> warnings, List<String> infos) implements QueryResult {}

    record StringResult(long t, String value, List<String> warnings, List<String> infos) implements QueryResult {}
}
