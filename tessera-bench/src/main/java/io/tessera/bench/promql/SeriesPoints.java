package io.tessera.bench.promql;

/** The points of one result series, in time order: timestamps in milliseconds and values. */
public record SeriesPoints(long[] timestamps, double[] values) {

    public int size() {
        return timestamps.length;
    }
}
