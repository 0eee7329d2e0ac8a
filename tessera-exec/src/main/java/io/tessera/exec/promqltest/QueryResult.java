package io.tessera.exec.promqltest;

import io.tessera.core.Labels;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** The value of a successful query, one of PromQL's four result types. */
sealed interface QueryResult {

    record Scalar(long t, double value) implements QueryResult {
    }

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
    record Matrix(List<Series> series) implements QueryResult {
        public Matrix {
            series = List.copyOf(series);
        }
    }

    record Sample(Labels labels, double value) {
        public Sample {
            Objects.requireNonNull(labels, "labels");
        }
    }

    /** One series of a matrix: points in ascending time order. */
    record Series(Labels labels, long[] timestamps, double[] values) {

        public Series {
            Objects.requireNonNull(labels, "labels");
            if (timestamps.length != values.length) {
                throw new IllegalArgumentException(
                        "timestamps and values differ in length: " + timestamps.length + " vs " + values.length);
            }
        }

        int size() {
            return timestamps.length;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Series s
                    && labels.equals(s.labels)
                    && Arrays.equals(timestamps, s.timestamps)
                    && Arrays.equals(values, s.values);
        }

        @Override
        public int hashCode() {
            return 31 * (31 * labels.hashCode() + Arrays.hashCode(timestamps)) + Arrays.hashCode(values);
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder(labels.toString()).append(" [");
            for (int i = 0; i < timestamps.length; i++) {
                b.append(i == 0 ? "" : ", ").append(Floats.format(values[i])).append(" @").append(timestamps[i]);
            }
            return b.append(']').toString();
        }
    }
}
