package io.tessera.store.raw;

/**
 * The recent-samples logs of a raw store: how many metrics have one, the bytes they hold (part
 * of the store's memory estimate), and the span reads they answered instead of the chunks.
 */
public record RecentSamplesStats(int metrics, long bytes, long reads) {}
