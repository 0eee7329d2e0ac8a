package io.tessera.ingest;

import io.tessera.core.Labels;

/**
 * Receives one series of a {@link WriteBatch} at a time: its samples are
 * {@code timestamps[from..to)} and {@code values[from..to)}. The arrays belong to the batch and
 * must not be modified.
 */
@FunctionalInterface
public interface SeriesVisitor {

    void series(int series, Labels labels, long[] timestamps, double[] values, int from, int to);
}
