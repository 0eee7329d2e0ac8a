package io.tessera.bench.promql;

import io.tessera.bench.QueryRepetitions;
import io.tessera.bench.peer.ProcessMemory;
import io.tessera.bench.peer.PrometheusProcess;
import io.tessera.bench.peer.TesseraProcess;
import io.tessera.bench.peer.TesseraServerOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tessera bench promql}: the same generated data written to Tessera and to Prometheus 2.x
 * over remote write, both child processes on loopback, then four dashboard-style queries against
 * both query APIs, alternating between the servers: latency percentiles of each, their ratio, and
 * whether the answers agree. Tessera answers from raw data here (no views are configured), so the
 * ratio is the exact engine's.
 */
@Command(
        name = "promql",
        description =
                "PromQL query latency of Tessera's exact engine against Prometheus 2.x on the same data, over loopback.")
public final class PromqlBenchCommand implements Callable<Integer> {

    private static final Duration SETTLE = Duration.ofMinutes(5);
    private static final long SEED = 20_260_602L;
    private static final String ALL = "{job=~\".+\", __name__!~\".+_(sum|count)\"}";

    @Option(
            names = "--quick",
            description =
                    "2,000 series over 6 h, 60 s steps, 5 repetitions, instead of 10,000 series over 24 h, 15 s steps, 10 repetitions.")
    boolean quick;

    @Option(names = "--series", description = "Series written (rounded up to whole instances of 20).")
    Integer series;

    @Option(names = "--hours", description = "Hours of data at 15 s.")
    Integer hours;

    @Mixin
    private final QueryRepetitions repetitions = new QueryRepetitions(2);

    @Mixin
    private final TesseraServerOptions server = new TesseraServerOptions("8g", 4);

    private final PrintStream out = System.out;

    @Override
    public Integer call() throws Exception {
        if (PrometheusProcess.missingFor("tessera bench promql")) {
            return 2;
        }
        int seriesWanted = series != null ? series : quick ? 2_000 : 10_000;
        int spanHours = hours != null ? hours : quick ? 6 : 24;
        int reps = repetitions.measuredOr(quick ? 5 : 10);
        long step = quick ? 60_000 : 15_000;
        DatasetShape shape = DatasetShape.of(
                seriesWanted, Duration.ofHours(spanHours), Duration.ofSeconds(15), Duration.ofMinutes(5), SEED);
        List<BenchQuery> queries = List.of(
                new BenchQuery("sum by job of rate, range", "sum by (job) (rate(http_requests_total[5m]))", true),
                new BenchQuery("quantile_over_time 1h, instant", "quantile_over_time(0.99, " + ALL + "[1h])", false),
                new BenchQuery("topk 10, instant", "topk(10, " + ALL + ")", false),
                new BenchQuery(
                        "histogram_quantile, range",
                        "histogram_quantile(0.99, sum by (le) (rate(request_duration_seconds_bucket[5m])))",
                        true));
        out.printf(
                Locale.ROOT,
                "PromQL over loopback: %,d series (%d instances x 20: request and CPU counters with restarts,"
                        + " temperature and queue gauges, a classic histogram; 4 jobs), %d h at 15 s with jittered scrapes,"
                        + " up to %,d samples per server.%n",
                shape.series(),
                shape.instances(),
                spanHours,
                shape.maxSamples());
        out.printf(
                Locale.ROOT,
                "Tessera: 'tessera serve' in its own JVM (-Xmx%s), in memory, no views configured, so every"
                        + " query runs exactly from raw data. Prometheus: %s, TSDB in a temporary directory.%n",
                server.heap(),
                PrometheusProcess.findBinary());
        out.printf(
                Locale.ROOT,
                "Range queries span the whole data at %d s steps; instant queries are at its end. %d warm-up"
                        + " and %d measured runs per query and server, alternating between the servers.%n",
                step / 1000,
                repetitions.warmup(),
                reps);

        DatasetLoader loader = new DatasetLoader(shape, server.connections(), out);
        try (TesseraProcess tessera = TesseraProcess.start("-Xmx" + server.heap());
                PrometheusProcess prometheus = PrometheusProcess.startReceiver()) {
            List<String> problems = new ArrayList<>();
            load(loader, "Tessera", tessera.remoteWriteUrl(), problems);
            load(loader, "Prometheus", prometheus.remoteWriteUrl(), problems);
            if (!problems.isEmpty()) {
                problems.forEach(p -> System.err.println("FAILED: " + p));
                return 1;
            }
            awaitCompaction(prometheus.baseUrl());
            out.printf(
                    Locale.ROOT,
                    "resident memory after loading: Tessera %,.0f MiB, Prometheus %,.0f MiB%n",
                    ProcessMemory.residentBytes(tessera.pid()) / 1048576.0,
                    ProcessMemory.residentBytes(prometheus.pid()) / 1048576.0);
            try (QueryApi ours = new QueryApi(tessera.baseUrl());
                    QueryApi theirs = new QueryApi(prometheus.baseUrl())) {
                return measure(queries, shape, step, reps, ours, theirs);
            }
        }
    }

    private void load(DatasetLoader loader, String name, String url, List<String> problems)
            throws InterruptedException {
        out.printf(Locale.ROOT, "%nloading %s at %s%n", name, url);
        LoadResult r = loader.load(name, url);
        out.printf(
                Locale.ROOT,
                "  %s loaded: %,d samples in %,d requests (%,d answered 204) in %.1f s, %,.0f samples/s%n",
                name,
                r.samples(),
                r.requests(),
                r.accepted(),
                r.nanos() / 1e9,
                r.samplesPerSecond());
        if (!r.allAccepted()) {
            problems.add(name + ": " + (r.requests() - r.accepted()) + " requests not answered 204, the first: "
                    + r.firstFailure());
        }
    }

    /**
     * Waits (boundedly) until Prometheus has compacted its head down to the last few hours, so its
     * background compaction does not run inside the measurements.
     */
    private void awaitCompaction(String baseUrl) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + SETTLE.toNanos();
        try (HttpClient client = HttpClient.newHttpClient()) {
            while (true) {
                String text = client.send(
                                HttpRequest.newBuilder(URI.create(baseUrl + "/metrics"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body();
                double span =
                        metric(text, "prometheus_tsdb_head_max_time") - metric(text, "prometheus_tsdb_head_min_time");
                if (span <= 3 * 3_600_000.0 + 60_000 || System.nanoTime() > deadline) {
                    out.printf(
                            Locale.ROOT,
                            "Prometheus head spans %.1f h after compaction%s%n",
                            span / 3_600_000.0,
                            span <= 3 * 3_600_000.0 + 60_000 ? "" : " (still compacting: gave up waiting)");
                    Thread.sleep(2_000);
                    return;
                }
                Thread.sleep(1_000);
            }
        }
    }

    private static double metric(String text, String name) {
        for (String line : text.split("\n")) {
            if (line.startsWith(name + " ")) {
                return Double.parseDouble(line.substring(name.length() + 1).trim());
            }
        }
        return Double.NaN;
    }

    private int measure(
            List<BenchQuery> queries, DatasetShape shape, long step, int reps, QueryApi ours, QueryApi theirs)
            throws IOException, InterruptedException {
        long start = shape.startMillis();
        long end = shape.endMillis();
        out.printf(
                Locale.ROOT,
                "%n%-32s %11s %11s %11s %11s %8s %8s %9s %6s%n",
                "query",
                "Tessera p50",
                "p95",
                "Prom p50",
                "p95",
                "ratio",
                "series",
                "mismatch",
                "load");
        double logSum = 0;
        int measured = 0;
        int mismatches = 0;
        List<String> notes = new ArrayList<>();
        List<String> ratios = new ArrayList<>();
        for (BenchQuery q : queries) {
            long[] ourNanos = new long[reps];
            long[] theirNanos = new long[reps];
            QueryAnswer ourAnswer = null;
            QueryAnswer theirAnswer = null;
            for (int i = -repetitions.warmup(); i < reps; i++) {
                ApiResponse a = ask(ours, q, start, end, step);
                ApiResponse b = ask(theirs, q, start, end, step);
                if (i == -repetitions.warmup() || ourAnswer == null) {
                    ourAnswer = QueryAnswer.parse(a);
                    theirAnswer = QueryAnswer.parse(b);
                }
                if (i >= 0) {
                    ourNanos[i] = a.nanos();
                    theirNanos[i] = b.nanos();
                }
            }
            AnswerComparison c = AnswerComparison.compare(theirAnswer, ourAnswer);
            if (!c.agree()) {
                mismatches += Math.max(1, c.differingSeries());
                notes.add(q.name() + ": " + q.text() + "\n    " + String.join("\n    ", c.details()));
            }
            Latencies mine = new Latencies(ourNanos);
            Latencies prom = new Latencies(theirNanos);
            double ratio = mine.percentileMillis(50) / prom.percentileMillis(50);
            boolean answered = !ourAnswer.isError() && !theirAnswer.isError();
            if (answered) {
                logSum += Math.log(ratio);
                measured++;
            }
            ratios.add(answered ? String.format(Locale.ROOT, "%.2f", ratio) : "error");
            out.printf(
                    Locale.ROOT,
                    "%-32s %9.1f ms %8.1f ms %8.1f ms %8.1f ms %8s %8d %9d %6.1f%n",
                    q.name(),
                    mine.percentileMillis(50),
                    mine.percentileMillis(95),
                    prom.percentileMillis(50),
                    prom.percentileMillis(95),
                    answered ? String.format(Locale.ROOT, "%.2f", ratio) : "error",
                    theirAnswer.series().size(),
                    c.agree() ? 0 : Math.max(1, c.differingSeries()),
                    ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
        out.println();
        for (BenchQuery q : queries) {
            out.printf(Locale.ROOT, "  %-32s %s%n", q.name(), q.text());
        }
        out.println("ratio: Tessera p50 / Prometheus p50 (target <= 1.0 for the exact engine); mismatch: series whose"
                + " answers differ beyond a relative 1e-6 (or are missing, extra, or an error on one side only).");
        out.println("Machine caveat: " + Runtime.getRuntime().availableProcessors()
                + " cores shared by Tessera, Prometheus,"
                + " this client and whatever else runs (load: the 1-minute load average after the query's runs), so"
                + " compare ratios, not absolute times.");
        notes.forEach(n -> out.println("MISMATCH " + n));
        double geomean = measured == 0 ? Double.NaN : Math.exp(logSum / measured);
        out.printf(
                Locale.ROOT,
                "promql bench: %d queries on %,d series over %d h, ratio Tessera/Prometheus p50 geometric mean"
                        + " %.2f (per query %s), %d mismatching series%n",
                queries.size(),
                shape.series(),
                (end - start) / 3_600_000,
                geomean,
                String.join(", ", ratios),
                mismatches);
        return mismatches == 0 ? 0 : 1;
    }

    private static ApiResponse ask(QueryApi api, BenchQuery q, long start, long end, long step)
            throws IOException, InterruptedException {
        return q.range() ? api.range(q.text(), start, end, step) : api.instant(q.text(), end);
    }
}
