package io.tessera.server.demo;

import io.tessera.core.Labels;
import io.tessera.ingest.WriteBatchBuilder;
import java.util.SplittableRandom;

/**
 * The demo's generated scrape targets, advanced scrape by scrape: per instance two request
 * counters ({@code http_requests_total} by code), a latency-like gauge
 * ({@code request_latency_seconds}, log-normal around a per-job median with a daily swing) and a
 * classic histogram of the same latencies ({@code request_duration_seconds_bucket} with
 * {@link #LE} buckets, {@code _sum}, {@code _count}). An instance restarts now and then, which
 * resets its counters and histogram. Each instance scrapes at its own fixed offset within the
 * interval. Scrapes must be appended in time order, each once.
 */
final class DemoData {

    static final String[] JOBS = {"api", "checkout", "search", "auth"};
    static final String[] LE = {"0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "+Inf"};
    private static final double[] UPPER = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, Double.POSITIVE_INFINITY};
    static final int SERIES_PER_INSTANCE = 2 + 1 + LE.length + 2;
    private static final int OK = 0;
    private static final int ERRORS = 1;
    private static final int LATENCY = 2;
    private static final int BUCKETS = 3;
    private static final int SUM = BUCKETS + LE.length;
    private static final int COUNT = SUM + 1;
    private static final double RESTART_CHANCE = 1.0 / 2_000;

    final int instances;
    final long intervalMs;
    private final Labels[][] labels;
    private final long[] phase;
    private final double[][] values;
    private final SplittableRandom[] random;

    /** About {@code series} series (whole instances of {@link #SERIES_PER_INSTANCE}) scraped every {@code intervalMs}. */
    DemoData(int series, long intervalMs, long seed) {
        this.instances = Math.max(1, Math.ceilDiv(series, SERIES_PER_INSTANCE));
        this.intervalMs = intervalMs;
        this.labels = new Labels[instances][SERIES_PER_INSTANCE];
        this.phase = new long[instances];
        this.values = new double[instances][SERIES_PER_INSTANCE];
        this.random = new SplittableRandom[instances];
        for (int i = 0; i < instances; i++) {
            random[i] = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i);
            phase[i] = 1 + random[i].nextLong(intervalMs - 1);
            String job = JOBS[i % JOBS.length];
            String instance = "10.0." + (i / 250) + "." + (i % 250) + ":9100";
            labels[i][OK] = Labels.of(
                    Labels.METRIC_NAME, "http_requests_total", "job", job, "instance", instance, "code", "200");
            labels[i][ERRORS] = Labels.of(
                    Labels.METRIC_NAME, "http_requests_total", "job", job, "instance", instance, "code", "500");
            labels[i][LATENCY] =
                    Labels.of(Labels.METRIC_NAME, "request_latency_seconds", "job", job, "instance", instance);
            for (int b = 0; b < LE.length; b++) {
                labels[i][BUCKETS + b] = Labels.of(
                        Labels.METRIC_NAME,
                        "request_duration_seconds_bucket",
                        "job",
                        job,
                        "instance",
                        instance,
                        "le",
                        LE[b]);
            }
            labels[i][SUM] =
                    Labels.of(Labels.METRIC_NAME, "request_duration_seconds_sum", "job", job, "instance", instance);
            labels[i][COUNT] =
                    Labels.of(Labels.METRIC_NAME, "request_duration_seconds_count", "job", job, "instance", instance);
            values[i][OK] = random[i].nextInt(1_000, 100_000);
            values[i][ERRORS] = random[i].nextInt(10, 1_000);
        }
    }

    int series() {
        return instances * SERIES_PER_INSTANCE;
    }

    /**
     * Appends the scrapes at grid times {@code grid[0..n)} of instances {@code [first, last)},
     * series by series; returns the samples appended.
     */
    int append(int first, int last, long[] grid, int n, WriteBatchBuilder batch) {
        long[] ts = new long[n];
        double[][] v = new double[SERIES_PER_INSTANCE][n];
        for (int i = first; i < last; i++) {
            for (int j = 0; j < n; j++) {
                ts[j] = grid[j] + phase[i];
                advance(i, ts[j]);
                for (int s = 0; s < SERIES_PER_INSTANCE; s++) {
                    v[s][j] = values[i][s];
                }
            }
            for (int s = 0; s < SERIES_PER_INSTANCE; s++) {
                for (int j = 0; j < n; j++) {
                    batch.addSample(ts[j], v[s][j]);
                }
                batch.endSeries(labels[i][s]);
            }
        }
        return (last - first) * n * SERIES_PER_INSTANCE;
    }

    private void advance(int i, long t) {
        SplittableRandom r = random[i];
        double[] x = values[i];
        if (r.nextDouble() < RESTART_CHANCE) {
            for (int s = 0; s < SERIES_PER_INSTANCE; s++) {
                if (s != LATENCY) {
                    x[s] = 0;
                }
            }
        }
        double median = 0.02 * (1 + i % JOBS.length) * (1 + 0.3 * Math.sin(2 * Math.PI * t / 86_400_000.0));
        x[LATENCY] = median * Math.exp(0.6 * r.nextGaussian());
        int requests = r.nextInt(20, 80);
        int errors = r.nextInt(100) < 3 ? r.nextInt(1, 4) : 0;
        x[OK] += requests - errors;
        x[ERRORS] += errors;
        for (int o = 0; o < requests; o++) {
            double latency = median * Math.exp(0.6 * r.nextGaussian());
            int b = 0;
            while (latency > UPPER[b]) {
                b++;
            }
            for (int k = b; k < LE.length; k++) {
                x[BUCKETS + k]++;
            }
            x[SUM] += latency;
            x[COUNT]++;
        }
    }
}
