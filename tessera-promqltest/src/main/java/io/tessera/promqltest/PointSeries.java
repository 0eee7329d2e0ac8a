package io.tessera.promqltest;

import io.tessera.core.Labels;
import java.util.Arrays;
import java.util.Objects;

/**
 * A series and its points in ascending time order: a series of a {@code load} command (a value
 * may be the stale marker; omitted points have no sample) or of a matrix result.
 */
record PointSeries(Labels labels, long[] timestamps, double[] values) {

    PointSeries {
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
        return o instanceof PointSeries s
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
            b.append(i == 0 ? "" : ", ")
                    .append(Floats.format(values[i]))
                    .append(" @")
                    .append(timestamps[i]);
        }
        return b.append(']').toString();
    }
}
