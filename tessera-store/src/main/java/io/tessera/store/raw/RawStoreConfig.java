package io.tessera.store.raw;

import io.tessera.core.InvalidInputException;

/**
 * Settings of a raw store.
 *
 * @param outOfOrderWindowMillis how far behind a series' newest sample a sample may be and still
 *     be accepted; 0, as in Prometheus, accepts only newer samples
 * @param retentionMillis how long samples are kept, judged by {@link RawStore#applyRetention}
 * @param memoryLimitBytes the estimated memory above which ingest is refused
 * @param samplesPerChunk the sample count at which a head chunk is cut
 * @param maxChunkDurationMillis the time span at which a head chunk is cut
 */
public record RawStoreConfig(long outOfOrderWindowMillis, long retentionMillis, long memoryLimitBytes,
        int samplesPerChunk, long maxChunkDurationMillis) {

    public static final long DEFAULT_RETENTION_MILLIS = 15L * 24 * 3600 * 1000;
    public static final int DEFAULT_SAMPLES_PER_CHUNK = 120;
    public static final long DEFAULT_MAX_CHUNK_DURATION_MILLIS = 2L * 3600 * 1000;

    public RawStoreConfig {
        if (outOfOrderWindowMillis < 0) {
            throw new InvalidInputException("out-of-order window must not be negative: " + outOfOrderWindowMillis);
        }
        if (retentionMillis <= 0) {
            throw new InvalidInputException("retention must be positive: " + retentionMillis);
        }
        if (memoryLimitBytes <= 0) {
            throw new InvalidInputException("memory limit must be positive: " + memoryLimitBytes);
        }
        if (samplesPerChunk < 2 || samplesPerChunk > 65_535) {
            throw new InvalidInputException("samples per chunk must be in [2, 65535]: " + samplesPerChunk);
        }
        if (maxChunkDurationMillis <= 0) {
            throw new InvalidInputException("chunk duration must be positive: " + maxChunkDurationMillis);
        }
    }

    public static RawStoreConfig defaults() {
        return new RawStoreConfig(0, DEFAULT_RETENTION_MILLIS, Long.MAX_VALUE, DEFAULT_SAMPLES_PER_CHUNK,
                DEFAULT_MAX_CHUNK_DURATION_MILLIS);
    }

    public RawStoreConfig withOutOfOrderWindow(long millis) {
        return new RawStoreConfig(millis, retentionMillis, memoryLimitBytes, samplesPerChunk, maxChunkDurationMillis);
    }

    public RawStoreConfig withRetention(long millis) {
        return new RawStoreConfig(outOfOrderWindowMillis, millis, memoryLimitBytes, samplesPerChunk, maxChunkDurationMillis);
    }

    public RawStoreConfig withMemoryLimit(long bytes) {
        return new RawStoreConfig(outOfOrderWindowMillis, retentionMillis, bytes, samplesPerChunk, maxChunkDurationMillis);
    }

    public RawStoreConfig withChunking(int samples, long durationMillis) {
        return new RawStoreConfig(outOfOrderWindowMillis, retentionMillis, memoryLimitBytes, samples, durationMillis);
    }
}
