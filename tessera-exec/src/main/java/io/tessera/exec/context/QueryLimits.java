package io.tessera.exec.context;

/**
 * Limits a run enforces as errors, never as running out of memory.
 *
 * @param maxSamples         samples loaded and points held at once by one query
 * @param maxPointsPerSeries points a range query may return per series
 * @param timeoutMs          wall time of one query
 */
public record QueryLimits(long maxSamples, int maxPointsPerSeries, long timeoutMs) {

    public static final QueryLimits DEFAULTS = new QueryLimits(50_000_000, 11_000, 120_000);
}
