package io.tessera.store.raw;

import io.tessera.core.InvalidInputException;
import java.util.function.Consumer;

/**
 * Settings of a raw store.
 *
 * @param outOfOrderWindowMillis how far behind a series' newest sample a sample may be and still
 *     be accepted; 0, as in Prometheus, accepts only newer samples
 * @param retentionMillis how long samples are kept, judged by {@link RawStore#applyRetention}
 * @param memoryLimitBytes the estimated memory above which ingest is refused
 * @param samplesPerChunk the sample count at which a head chunk is cut
 * @param maxChunkDurationMillis the time span at which a head chunk is cut
 * @param recentWindowMillis how far behind the newest sample each metric's recent-samples log
 *     keeps samples in arrival order (see {@link RecentSamples}); 0 keeps none
 * @param recentLimit the entries those logs may hold together
 */
public record RawStoreConfig(
        long outOfOrderWindowMillis,
        long retentionMillis,
        long memoryLimitBytes,
        int samplesPerChunk,
        long maxChunkDurationMillis,
        long recentWindowMillis,
        long recentLimit) {

    public static final long DEFAULT_RETENTION_MILLIS = 15L * 24 * 3600 * 1000;
    public static final int DEFAULT_SAMPLES_PER_CHUNK = 120;
    public static final long DEFAULT_MAX_CHUNK_DURATION_MILLIS = 2L * 3600 * 1000;
    public static final long DEFAULT_RECENT_WINDOW_MILLIS = 15L * 60 * 1000;
    public static final long DEFAULT_RECENT_LIMIT = 4_000_000;

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
        if (recentWindowMillis < 0 || recentLimit < 0) {
            throw new InvalidInputException("the recent-samples window and limit must not be negative: "
                    + recentWindowMillis + ", " + recentLimit);
        }
    }

    public static RawStoreConfig defaults() {
        return new Draft().toConfig();
    }

    public RawStoreConfig withOutOfOrderWindow(long millis) {
        return edit(d -> d.outOfOrderWindowMillis = millis);
    }

    public RawStoreConfig withRetention(long millis) {
        return edit(d -> d.retentionMillis = millis);
    }

    public RawStoreConfig withMemoryLimit(long bytes) {
        return edit(d -> d.memoryLimitBytes = bytes);
    }

    public RawStoreConfig withChunking(int samples, long durationMillis) {
        return edit(d -> {
            d.samplesPerChunk = samples;
            d.maxChunkDurationMillis = durationMillis;
        });
    }

    public RawStoreConfig withRecentSamples(long windowMillis, long limit) {
        return edit(d -> {
            d.recentWindowMillis = windowMillis;
            d.recentLimit = limit;
        });
    }

    private RawStoreConfig edit(Consumer<Draft> change) {
        Draft draft = new Draft(this);
        change.accept(draft);
        return draft.toConfig();
    }

    /** The settings as mutable fields, starting from the defaults or from a config; validated by {@link #toConfig}. */
    private static final class Draft {
        long outOfOrderWindowMillis = 0;
        long retentionMillis = DEFAULT_RETENTION_MILLIS;
        long memoryLimitBytes = Long.MAX_VALUE;
        int samplesPerChunk = DEFAULT_SAMPLES_PER_CHUNK;
        long maxChunkDurationMillis = DEFAULT_MAX_CHUNK_DURATION_MILLIS;
        long recentWindowMillis = DEFAULT_RECENT_WINDOW_MILLIS;
        long recentLimit = DEFAULT_RECENT_LIMIT;

        Draft() {}

        Draft(RawStoreConfig from) {
            outOfOrderWindowMillis = from.outOfOrderWindowMillis;
            retentionMillis = from.retentionMillis;
            memoryLimitBytes = from.memoryLimitBytes;
            samplesPerChunk = from.samplesPerChunk;
            maxChunkDurationMillis = from.maxChunkDurationMillis;
            recentWindowMillis = from.recentWindowMillis;
            recentLimit = from.recentLimit;
        }

        RawStoreConfig toConfig() {
            return new RawStoreConfig(
                    outOfOrderWindowMillis,
                    retentionMillis,
                    memoryLimitBytes,
                    samplesPerChunk,
                    maxChunkDurationMillis,
                    recentWindowMillis,
                    recentLimit);
        }
    }
}
