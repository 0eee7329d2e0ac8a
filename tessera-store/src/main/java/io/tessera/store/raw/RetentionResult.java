package io.tessera.store.raw;

/** What one retention pass removed. */
public record RetentionResult(long cutoff, long chunksDropped, long samplesDropped, int seriesDropped) {}
