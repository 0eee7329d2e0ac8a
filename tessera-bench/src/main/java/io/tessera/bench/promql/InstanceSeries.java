package io.tessera.bench.promql;

import io.tessera.core.Labels;
import io.tessera.ingest.WriteBatchBuilder;
import java.util.SplittableRandom;

/**
 * The series of one scrape target and how their values evolve: four request counters
 * ({@code http_requests_total} by method and code), three CPU-seconds counters, two temperature
 * gauges, an integer queue-depth gauge, and a classic histogram
 * ({@code request_duration_seconds_bucket} with eight {@code le} buckets, {@code _sum},
 * {@code _count}). All series of an instance share each scrape's timestamp.
 *
 * <p>Most instances live for the whole dataset; some start late (with large counter values, as
 * a long-running process scraped for the first time) and some stop early, half of those writing
 * a stale marker at the scrape slot after their last sample. Instances restart now and then,
 * which resets every counter, the histogram's included, to what was counted since.
 */
final class InstanceSeries {

    static final int SERIES_PER_INSTANCE = 20;
    static final String[] JOBS = {"api", "worker", "db", "cache"};
    static final String[] LE = {"0.01", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "+Inf"};
    private static final double[] UPPER = {0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5};
    /** Cumulative share of observations per bucket, per job. */
    private static final double[][] CUMULATIVE = {
        {0.10, 0.35, 0.55, 0.75, 0.88, 0.96, 0.99, 1},
        {0.02, 0.10, 0.25, 0.45, 0.65, 0.85, 0.97, 1},
        {0.30, 0.60, 0.80, 0.92, 0.97, 0.99, 0.999, 1},
        {0.60, 0.90, 0.97, 0.99, 0.995, 0.998, 0.9995, 1},
    };

    private static final int REQUESTS = 0;
    private static final int CPU = 4;
    private static final int TEMPERATURE = 7;
    private static final int QUEUE = 9;
    private static final int BUCKETS = 10;
    private static final int SUM = 18;
    private static final int COUNT = 19;
    /** The stale-marker NaN Prometheus writes when a series disappears. */
    static final double STALE_NAN = Double.longBitsToDouble(0x7ff0000000000002L);

    private final DatasetShape shape;
    private final int index;
    private final Labels[] labels = new Labels[SERIES_PER_INSTANCE];
    private final SplittableRandom random;
    private final int firstScrape;
    private final int endScrape;
    private final boolean writesStaleMarker;
    private final double restartChance;
    private final double[] values = new double[SERIES_PER_INSTANCE];
    private int cursor;

    InstanceSeries(DatasetShape shape, int index) {
        this.shape = shape;
        this.index = index;
        this.random = new SplittableRandom(shape.seed() * 0x9E3779B97F4A7C15L + index);
        int k = shape.scrapes();
        int lifecycle = random.nextInt(100);
        this.firstScrape = lifecycle < 12 && k > 4 ? random.nextInt(1, k / 2) : 0;
        this.endScrape = lifecycle >= 86 && k > 4 ? random.nextInt(k / 2, k - 1) : k;
        this.writesStaleMarker = endScrape < k && random.nextBoolean();
        this.restartChance = shape.intervalMillis() / (double) (2 * 3_600_000L);
        String job = JOBS[index % JOBS.length];
        String instance = String.format("host-%04d:9100", index);
        String zone = "z" + (index % 3);
        String[][] requestLabels = {{"GET", "200"}, {"GET", "500"}, {"POST", "200"}, {"POST", "500"}};
        for (int i = 0; i < 4; i++) {
            labels[REQUESTS + i] = hostLabels(
                    "http_requests_total",
                    job,
                    instance,
                    zone,
                    "method",
                    requestLabels[i][0],
                    "code",
                    requestLabels[i][1]);
        }
        String[] modes = {"user", "system", "idle"};
        for (int i = 0; i < 3; i++) {
            labels[CPU + i] = hostLabels("cpu_seconds_total", job, instance, zone, "mode", modes[i]);
        }
        labels[TEMPERATURE] = hostLabels("temperature_celsius", job, instance, zone, "sensor", "cpu");
        labels[TEMPERATURE + 1] = hostLabels("temperature_celsius", job, instance, zone, "sensor", "board");
        labels[QUEUE] = hostLabels("queue_depth", job, instance, zone);
        for (int b = 0; b < LE.length; b++) {
            labels[BUCKETS + b] = hostLabels("request_duration_seconds_bucket", job, instance, zone, "le", LE[b]);
        }
        labels[SUM] = hostLabels("request_duration_seconds_sum", job, instance, zone);
        labels[COUNT] = hostLabels("request_duration_seconds_count", job, instance, zone);
    }

    /** Labels of metric {@code name} on this host, with {@code more} label names and values after. */
    private static Labels hostLabels(String name, String job, String instance, String zone, String... more) {
        String[] all = new String[8 + more.length];
        System.arraycopy(new String[] {"__name__", name, "job", job, "instance", instance, "zone", zone}, 0, all, 0, 8);
        System.arraycopy(more, 0, all, 8, more.length);
        return Labels.of(all);
    }

    /**
     * Appends this instance's samples of scrapes {@code [from, to)} to {@code batch}, series by
     * series, and returns how many it appended. Scrapes must be asked for in order, each once.
     */
    int appendScrapes(int from, int to, WriteBatchBuilder batch) {
        if (from != cursor || to < from) {
            throw new IllegalStateException(
                    "instance " + index + " was asked for scrapes [" + from + ", " + to + ") after scrape " + cursor);
        }
        cursor = to;
        int begin = Math.max(from, firstScrape);
        int end = Math.min(to, endScrape);
        boolean stale = writesStaleMarker && endScrape >= from && endScrape < to;
        int n = Math.max(0, end - begin) + (stale ? 1 : 0);
        if (n == 0) {
            return 0;
        }
        long[] ts = new long[n];
        double[][] v = new double[SERIES_PER_INSTANCE][n];
        int j = 0;
        for (int k = begin; k < end; k++, j++) {
            ts[j] = shape.gridTime(k) + 1 + random.nextLong(shape.maxJitterMillis());
            advance(k == firstScrape);
            for (int s = 0; s < SERIES_PER_INSTANCE; s++) {
                v[s][j] = values[s];
            }
        }
        if (stale) {
            ts[j] = shape.gridTime(endScrape) + 1 + random.nextLong(shape.maxJitterMillis());
            for (int s = 0; s < SERIES_PER_INSTANCE; s++) {
                v[s][j] = STALE_NAN;
            }
        }
        for (int s = 0; s < SERIES_PER_INSTANCE; s++) {
            for (int i = 0; i < n; i++) {
                batch.addSample(ts[i], v[s][i]);
            }
            batch.endSeries(labels[s]);
        }
        return n * SERIES_PER_INSTANCE;
    }

    private void advance(boolean first) {
        if (first) {
            initialise();
            return;
        }
        if (random.nextDouble() < restartChance) {
            for (int s = 0; s < SERIES_PER_INSTANCE; s++) {
                if (s < TEMPERATURE || s >= BUCKETS) {
                    values[s] = 0;
                }
            }
        }
        values[REQUESTS] += random.nextInt(200);
        values[REQUESTS + 1] += random.nextInt(3);
        values[REQUESTS + 2] += random.nextInt(60);
        values[REQUESTS + 3] += random.nextInt(2);
        values[CPU] += random.nextDouble() * 6;
        values[CPU + 1] += random.nextDouble() * 2;
        values[CPU + 2] += random.nextDouble() * 15;
        values[TEMPERATURE] += (random.nextDouble() - 0.5) * 0.8;
        values[TEMPERATURE + 1] += (random.nextDouble() - 0.5) * 0.3;
        values[QUEUE] = Math.max(0, values[QUEUE] + random.nextInt(-3, 4));
        double[] cumulative = CUMULATIVE[index % CUMULATIVE.length];
        int observations = random.nextInt(40);
        for (int o = 0; o < observations; o++) {
            double u = random.nextDouble();
            int b = 0;
            while (u >= cumulative[b]) {
                b++;
            }
            double lower = b == 0 ? 0 : UPPER[b - 1];
            values[SUM] += lower + random.nextDouble() * (UPPER[b] - lower);
            for (int i = b; i < LE.length; i++) {
                values[BUCKETS + i]++;
            }
            values[COUNT]++;
        }
    }

    private void initialise() {
        values[REQUESTS] = random.nextInt(100_000, 1_000_000);
        values[REQUESTS + 1] = random.nextInt(1_000, 10_000);
        values[REQUESTS + 2] = random.nextInt(30_000, 300_000);
        values[REQUESTS + 3] = random.nextInt(500, 5_000);
        values[CPU] = random.nextDouble(1e4, 1e6);
        values[CPU + 1] = random.nextDouble(5e3, 5e5);
        values[CPU + 2] = random.nextDouble(5e4, 5e6);
        values[TEMPERATURE] = random.nextDouble(35, 75);
        values[TEMPERATURE + 1] = random.nextDouble(25, 45);
        values[QUEUE] = random.nextInt(40);
        int total = random.nextInt(20_000, 200_000);
        double[] cumulative = CUMULATIVE[index % CUMULATIVE.length];
        for (int b = 0; b < LE.length; b++) {
            values[BUCKETS + b] = Math.floor(total * cumulative[b]);
        }
        values[COUNT] = total;
        values[SUM] = total * random.nextDouble(0.05, 0.4);
    }
}
