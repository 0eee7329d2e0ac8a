package io.tessera.exec;

import io.tessera.core.Labels;
import java.util.List;

/**
 * What a PromQL query answers, in Prometheus' result types, with the warnings and infos the
 * API reports next to the data.
 */
public sealed interface QueryResult {

    List<String> warnings();

    List<String> infos();

    /** One point of an instant vector. */
    record Sample(Labels labels, long t, double value) {
    }

    /** A series of a matrix: its points in time order. */
    record Series(Labels labels, long[] ts, double[] values) {
    }

    record VectorResult(List<Sample> samples, List<String> warnings, List<String> infos) implements QueryResult {
    }

    record MatrixResult(List<Series> series, List<String> warnings, List<String> infos) implements QueryResult {
    }

    record ScalarResult(long t, double value, List<String> warnings, List<String> infos) implements QueryResult {
    }

    record StringResult(long t, String value, List<String> warnings, List<String> infos) implements QueryResult {
    }
}
