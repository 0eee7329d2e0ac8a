package io.tessera.server.demo;

import io.tessera.core.Labels;
import java.util.Random;

/**
 * Generated monitoring data held as plain arrays: for each series a latency-like gauge
 * (lognormal, with a slow daily swing) and a request counter that resets now and then, both
 * scraped at a fixed interval with a little jitter so no sample sits on a pane edge.
 */
final class DemoData {

    static final String LATENCY = "http_request_duration_seconds";
    static final String REQUESTS = "http_requests_total";
    static final String[] JOBS = {"api", "checkout", "search", "auth"};

    final int series;
    final int samplesPerSeries;
    final long start;
    final long scrapeInterval;
    final Labels[] latencySeries;
    final Labels[] requestSeries;
    final String[] jobOf;
    /** sample times, shared by both metrics of a series: [series][i] */
    final long[][] ts;
    final double[][] latency;
    final double[][] requests;

    DemoData(int series, long durationMs, long scrapeInterval, long start, long seed) {
        this.series = series;
        this.scrapeInterval = scrapeInterval;
        this.start = start;
        this.samplesPerSeries = (int) (durationMs / scrapeInterval);
        this.latencySeries = new Labels[series];
        this.requestSeries = new Labels[series];
        this.jobOf = new String[series];
        this.ts = new long[series][samplesPerSeries];
        this.latency = new double[series][samplesPerSeries];
        this.requests = new double[series][samplesPerSeries];
        Random random = new Random(seed);
        for (int s = 0; s < series; s++) {
            String job = JOBS[s % JOBS.length];
            String instance = "10.0." + (s / 250) + "." + (s % 250) + ":9100";
            jobOf[s] = job;
            latencySeries[s] = Labels.of(Labels.METRIC_NAME, LATENCY, "job", job, "instance", instance);
            requestSeries[s] = Labels.of(Labels.METRIC_NAME, REQUESTS, "job", job, "instance", instance);
            double median = 0.05 * (1 + (s % JOBS.length));
            double ratePerSecond = 5 + random.nextDouble() * 50;
            double counter = random.nextInt(1000);
            long phase = 1 + random.nextInt((int) scrapeInterval - 2);
            for (int i = 0; i < samplesPerSeries; i++) {
                long t = start + phase + i * scrapeInterval;
                ts[s][i] = t;
                double swing = 1 + 0.3 * Math.sin(2 * Math.PI * (t - start) / 86_400_000.0);
                latency[s][i] = median * swing * Math.exp(0.6 * random.nextGaussian());
                if (random.nextInt(2000) == 0) {
                    counter = 0;
                }
                counter += Math.max(0, ratePerSecond * scrapeInterval / 1000.0 * (1 + 0.2 * random.nextGaussian()));
                requests[s][i] = Math.floor(counter);
            }
        }
    }

    long end() {
        return start + (long) samplesPerSeries * scrapeInterval;
    }

    long sampleCount() {
        return 2L * series * samplesPerSeries;
    }

    /** Index of the first sample of series {@code s} after {@code t}. */
    int firstAfter(int s, long t) {
        long[] times = ts[s];
        int lo = 0;
        int hi = times.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (times[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
