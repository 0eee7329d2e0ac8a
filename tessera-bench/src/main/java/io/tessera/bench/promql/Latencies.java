package io.tessera.bench.promql;

import java.util.Arrays;

/** Measured latencies of one query on one server, in nanoseconds, with nearest-rank percentiles. */
public record Latencies(long[] nanos) {

    /** The {@code p}-th percentile (0..100) in milliseconds, by nearest rank. */
    public double percentileMillis(double p) {
        long[] sorted = nanos.clone();
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))] / 1e6;
    }
}
