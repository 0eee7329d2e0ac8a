package io.tessera.exec.promqltest;

import io.tessera.core.Labels;
import java.util.Arrays;
import java.util.Objects;

/**
 * One series of a {@code load} command: samples in ascending time order. A value may be the
 * stale marker ({@link io.tessera.core.StaleMarker}); omitted points ({@code _}) have no sample.
 */
record LoadedSeries(Labels labels, long[] timestamps, double[] values) {

    LoadedSeries {
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
        return o instanceof LoadedSeries s
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
        StringBuilder b = new StringBuilder(labels.toString()).append(' ');
        for (int i = 0; i < timestamps.length; i++) {
            b.append(i == 0 ? "" : " ").append(Floats.format(values[i])).append(" @").append(timestamps[i]);
        }
        return b.toString();
    }
}
