package io.tessera.promqltest;

import io.tessera.core.Labels;
import java.util.List;
import java.util.Objects;

/** The value of a successful query, one of PromQL's four result types. */
sealed interface QueryResult {

    record Scalar(long t, double value) implements QueryResult {}

    record StringValue(long t, String value) implements QueryResult {
        public StringValue {
            Objects.requireNonNull(value, "value");
        }
    }

    /** An instant vector evaluated at {@code t}; sample order matters only to ordered evals. */
    record Vector(long t, List<Sample> samples) implements QueryResult {
        public Vector {
            samples = List.copyOf(samples);
        }
    }

    /** A range result; Prometheus returns its series sorted by labels. */
    record Matrix(List<PointSeries> series) implements QueryResult {
        public Matrix {
            series = List.copyOf(series);
        }
    }

    record Sample(Labels labels, double value) {
        public Sample {
            Objects.requireNonNull(labels, "labels");
        }
    }
}
