package io.tessera.bench.promql;

import java.time.Duration;

/**
 * The size and placement of a generated monitoring dataset: {@code instances} scrape targets of
 * {@link InstanceSeries#SERIES_PER_INSTANCE} series each, scraped {@code scrapes} times
 * {@code intervalMillis} apart from {@code startMillis}. Scrape {@code k} of an instance lies at
 * {@code start + k * interval + offset} with a random offset in {@code [1 ms, maxJitterMillis]},
 * so that no sample sits on the interval grid, where queries put their window edges.
 *
 * @param seed every value, offset, start, stop and restart follows from it
 */
public record DatasetShape(
        int instances, int scrapes, long intervalMillis, long startMillis, long maxJitterMillis, long seed) {

    public DatasetShape {
        if (instances <= 0 || scrapes <= 0 || intervalMillis <= 0) {
            throw new IllegalArgumentException("instances, scrapes and interval must be positive");
        }
        if (maxJitterMillis < 1 || maxJitterMillis >= intervalMillis) {
            throw new IllegalArgumentException("the jitter must lie in [1 ms, interval)");
        }
        if (startMillis % intervalMillis != 0) {
            throw new IllegalArgumentException("the start must lie on the interval grid");
        }
    }

    /**
     * About {@code series} series (rounded up to whole instances) over {@code span} at
     * {@code interval}, ending at least {@code margin} before now, starting on a whole hour.
     */
    public static DatasetShape of(int series, Duration span, Duration interval, Duration margin, long seed) {
        int instances = Math.ceilDiv(series, InstanceSeries.SERIES_PER_INSTANCE);
        long hour = Duration.ofHours(1).toMillis();
        long start = Math.floorDiv(System.currentTimeMillis() - span.toMillis() - margin.toMillis(), hour) * hour;
        long step = interval.toMillis();
        return new DatasetShape(instances, Math.toIntExact(span.toMillis() / step), step, start, step - 1000, seed);
    }

    public int series() {
        return instances * InstanceSeries.SERIES_PER_INSTANCE;
    }

    /** The grid time of scrape {@code k}. */
    public long gridTime(int k) {
        return startMillis + k * intervalMillis;
    }

    /** The end of the grid: one interval after the last scrape's grid time. */
    public long endMillis() {
        return gridTime(scrapes);
    }

    /** An upper bound of the samples written (stopping and late instances write fewer). */
    public long maxSamples() {
        return (long) series() * scrapes;
    }
}
