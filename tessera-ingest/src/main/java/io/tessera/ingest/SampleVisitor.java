package io.tessera.ingest;

import io.tessera.core.Labels;

/** Receives the samples of a {@link WriteBatch} one at a time, in batch order. */
@FunctionalInterface
public interface SampleVisitor {

    void sample(Labels labels, long timestampMs, double value);
}
