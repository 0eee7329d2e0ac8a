package io.tessera.bench.compare;

import io.tessera.bench.accel.AccelPlan;
import io.tessera.bench.accel.AccelQuery;
import io.tessera.bench.accel.AnswerErrors;
import io.tessera.bench.load.BlockLoader;
import io.tessera.bench.peer.ProcessMemory;
import io.tessera.bench.peer.PrometheusProcess;
import io.tessera.bench.peer.TesseraProcess;
import io.tessera.bench.peer.TesseraServerOptions;
import io.tessera.bench.peer.ViewCatchUp;
import io.tessera.bench.promql.ApiResponse;
import io.tessera.bench.promql.Latencies;
import io.tessera.bench.promql.LoadResult;
import io.tessera.bench.promql.QueryAnswer;
import io.tessera.bench.promql.QueryApi;
import io.tessera.core.Durations;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.planner.PlanResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code tessera bench compare}: Prometheus 2.x and Tessera side by side on loopback, the same
 * generated dataset written to both over remote write, then a suite of instant and range queries
 * against both: p50 and p95 latency, their ratio, the error of Tessera's answer against
 * Prometheus', and whether Tessera answered from a view; plus the ingest rate and resident memory
 * of both. Writes a Markdown report and PNG plots and prints a summary table.
 *
 * <p>Tessera is loaded without a plan; then the planner's plan for a workload of the suite
 * (instant queries as rules every minute on the minute, range queries as dashboard panels over
 * 1 h at 15 s refreshed every 30 s) is installed over {@code POST /api/v1/plan}, its ingestion
 * runs build the views of the loaded data, and the suite runs, on the workload's evaluation grid
 * and off it. Each query runs on
 * Prometheus, on Tessera, and on Tessera with {@code accelerate=false} (its exact engine), in turn.
 */
@Command(
        name = "compare",
        description = "Tessera against Prometheus 2.x on the same data over loopback: query latency, ratio and error,"
                + " ingest rate and memory; writes a Markdown report and PNG plots.")
public final class CompareBenchCommand implements Callable<Integer> {

    private static final Duration CATCH_UP = Duration.ofMinutes(40);
    private static final long PROGRESS_NANOS = 20_000_000_000L;
    private static final long MINUTE = 60_000;
    private static final long HOUR = 3_600_000;

    @Option(
            names = "--quick",
            description = "A small run for CI: 2,000 series over 90 min, 1 warm-up and 3 measured runs"
                    + " (unless given explicitly); writes into target/bench-compare unless --output is given.")
    boolean quick;

    @Option(
            names = "--series",
            description = "Series written, half gauges x and half counters c (default 10000; quick 2000).")
    Integer series;

    @Option(
            names = "--jobs",
            defaultValue = "10",
            description = "Distinct values of the job label (default ${DEFAULT-VALUE});"
                    + " every x/c pair has its own instance label.")
    int jobs;

    @Option(
            names = "--scrape-interval",
            defaultValue = "10s",
            description = "Scrape interval, whole seconds (default ${DEFAULT-VALUE}).")
    String scrapeInterval;

    @Option(names = "--duration", description = "Span of the data, at least 75m (default 2h; quick 90m).")
    String duration;

    @Option(
            names = "--distribution",
            defaultValue = "lognormal",
            description =
                    "Distribution of the gauge x: lognormal, normal, uniform, exponential or pareto (default ${DEFAULT-VALUE}).")
    String distribution;

    @Option(
            names = "--counter-rate",
            defaultValue = "5",
            description = "Mean increase of a counter per scrape (default ${DEFAULT-VALUE}).")
    double counterRate;

    @Option(
            names = "--reset-fraction",
            defaultValue = "0.3",
            description = "Fraction of counters that reset once (default ${DEFAULT-VALUE}).")
    double resetFraction;

    @Option(
            names = "--stale-fraction",
            defaultValue = "0.05",
            description =
                    "Fraction of series that stop in the second half, with a stale marker (default ${DEFAULT-VALUE}).")
    double staleFraction;

    @Option(names = "--runs", description = "Measured runs of each query on each side (default 10; quick 3).")
    Integer runs;

    @Option(names = "--warmups", description = "Unmeasured runs first (default 2; quick 1).")
    Integer warmups;

    @Option(
            names = {"-o", "--output"},
            description =
                    "Directory of the report and plots (default docs/benchmarks;" + " quick target/bench-compare).")
    Path output;

    @Option(
            names = "--exact",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "Also run every query on Tessera with accelerate=false (default ${DEFAULT-VALUE}).")
    boolean exact;

    @Mixin
    private final TesseraServerOptions server = new TesseraServerOptions();

    @Option(
            names = "--seed",
            defaultValue = "20261202",
            description = "Seed of the generated data (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--heap-histogram",
            description = "Print the largest classes of Tessera's heap after loading and with"
                    + " its views built (jcmd GC.class_histogram).")
    boolean heapHistogram;

    @Spec
    CommandSpec spec;

    private final PrintStream out = System.out;

    @Override
    public Integer call() throws Exception {
        String loadAtStart = MachineLoad.read();
        Path binary = PrometheusProcess.findBinary();
        if (binary == null) {
            System.err.println(
                    "tessera bench compare runs Prometheus 2.x next to Tessera. " + PrometheusProcess.installHint());
            return 2;
        }
        CompareDataset d;
        long spanMs;
        try {
            long interval = Durations.parseMillis(scrapeInterval);
            spanMs = Durations.parseMillis(duration != null ? duration : quick ? "90m" : "2h");
            if (spanMs < 75 * MINUTE) {
                throw new IllegalArgumentException("--duration must be at least 75m: the queries read the last hour");
            }
            int total = series != null ? series : quick ? 2_000 : 10_000;
            if (total < 2) {
                throw new IllegalArgumentException("--series must be at least 2");
            }
            CompareDataset.Distribution values = CompareDataset.Distribution.parse(distribution);
            long start = Math.floorDiv(System.currentTimeMillis() - spanMs - 10 * MINUTE, HOUR) * HOUR;
            d = new CompareDataset(
                    total / 2,
                    jobs,
                    interval,
                    Math.toIntExact(spanMs / interval),
                    start,
                    values,
                    counterRate,
                    resetFraction,
                    staleFraction,
                    seed);
        } catch (IllegalArgumentException e) {
            System.err.println("bench compare: " + e.getMessage());
            return 2;
        }
        int measured = runs != null ? runs : quick ? 3 : 10;
        int warm = warmups != null ? warmups : quick ? 1 : 2;
        Path dir = output != null ? output : Path.of(quick ? "target/bench-compare" : "docs/benchmarks");
        CompareSetup setup =
                new CompareSetup(d, commandLine(), PrometheusVersion.of(binary), server.heap(), measured, warm);
        out.printf(
                Locale.ROOT,
                "bench compare: %,d series (%,d gauges x, %,d counters c; %d jobs), %s at %s, %s gauge values,"
                        + " %.0f%% of counters reset, %.0f%% of series go stale; up to %,d samples per server.%n",
                d.series(),
                d.pairs(),
                d.pairs(),
                jobs,
                Durations.format(spanMs),
                Durations.format(d.intervalMs()),
                d.distribution().name().toLowerCase(Locale.ROOT),
                100 * resetFraction,
                100 * staleFraction,
                d.samples());
        out.printf(
                Locale.ROOT,
                "Prometheus: %s. Tessera: 'tessera serve' in its own JVM (-Xmx%s). %d warm-up and %d measured"
                        + " runs per query and side.%n",
                setup.prometheusVersion(),
                server.heap(),
                warm,
                measured);

        List<AccelQuery> queries = CompareQueries.all();
        try (TesseraProcess tessera = TesseraProcess.start("-Xmx" + server.heap(), "-XX:+UseParallelGC");
                PrometheusProcess prometheus = PrometheusProcess.startReceiver()) {
            out.println("loading over remote write");
            LoadResult tesseraLoad =
                    BlockLoader.load(d, "Tessera", tessera.remoteWriteUrl(), server.connections(), out);
            LoadResult prometheusLoad =
                    BlockLoader.load(d, "Prometheus", prometheus.remoteWriteUrl(), server.connections(), out);
            long tesseraRss = ProcessMemory.residentBytes(tessera.pid());
            long prometheusRss = ProcessMemory.residentBytes(prometheus.pid());
            long tesseraHeap = JvmHeap.liveBytes(tessera.pid());
            out.printf(
                    Locale.ROOT,
                    "resident memory after loading: Tessera %,.0f MiB (live heap %,.0f MiB), Prometheus %,.0f MiB%n",
                    tesseraRss / 1048576.0,
                    tesseraHeap / 1048576.0,
                    prometheusRss / 1048576.0);
            printHistogram(tessera.pid(), "after loading");

            PlanResult planned = AccelPlan.plan(queries, d.pairs(), d.intervalMs());
            List<String> planLines = new ArrayList<>();
            for (String line : planned.explanation().text().split("\n")) {
                if (line.startsWith("view ") || line.startsWith("evaluation-grid view") || line.startsWith("no view")) {
                    planLines.add(line);
                    out.println("  plan: " + line);
                }
            }
            InstallablePlan plan = planned.plan();
            ViewCatchUp.install(tessera.baseUrl(), plan);
            out.printf(
                    Locale.ROOT,
                    "plan installed: %d views; waiting for the ingestion runs to build the loaded data's panes%n",
                    plan.materializedViews().size());
            long began = System.nanoTime();
            boolean caughtUp = ViewCatchUp.await(tessera.baseUrl(), AccelPlan.caughtUpLagMs(plan), CATCH_UP, out);
            double catchUpSeconds = (System.nanoTime() - began) / 1e9;
            if (!caughtUp) {
                out.println(
                        "  the ingestion runs did not catch up in time: measuring anyway (the 'answered' column says which"
                                + " runs used views)");
            }
            long tesseraViewsRss = ProcessMemory.residentBytes(tessera.pid());
            long tesseraViewsHeap = JvmHeap.liveBytes(tessera.pid());
            out.printf(
                    Locale.ROOT,
                    "Tessera with its views built: resident memory %,.0f MiB, live heap %,.0f MiB%n",
                    tesseraViewsRss / 1048576.0,
                    tesseraViewsHeap / 1048576.0);
            printHistogram(tessera.pid(), "with the views built");

            List<CompareRow> rows = measure(d, queries, tessera, prometheus, warm, measured);
            CompareRun run = new CompareRun(
                    setup,
                    tesseraLoad,
                    prometheusLoad,
                    tesseraRss,
                    prometheusRss,
                    tesseraViewsRss,
                    ProcessMemory.residentBytes(prometheus.pid()),
                    new CompareRun.TesseraMemory(
                            tesseraHeap, tesseraViewsHeap, ProcessMemory.residentBytes(tessera.pid())),
                    plan.materializedViews().size(),
                    planLines,
                    catchUpSeconds,
                    caughtUp,
                    "at the start " + loadAtStart + "; at the end " + MachineLoad.read(),
                    rows);
            out.println();
            out.print(CompareReport.summary(run));
            List<Path> written = CompareReport.write(run, dir);
            out.println();
            for (Path p : written) {
                out.println("wrote " + p);
            }
            return 0;
        }
    }

    private List<CompareRow> measure(
            CompareDataset d,
            List<AccelQuery> queries,
            TesseraProcess tessera,
            PrometheusProcess prometheus,
            int warm,
            int measured)
            throws IOException, InterruptedException {
        long onGrid = Math.floorDiv(d.endMs() - 2 * MINUTE, MINUTE) * MINUTE;
        List<CompareRow> rows = new ArrayList<>();
        try (QueryApi theirs = new QueryApi(prometheus.baseUrl());
                QueryApi ours = new QueryApi(tessera.baseUrl());
                QueryApi oursExact = new QueryApi(tessera.baseUrl(), QueryApi.QUERY_TIMEOUT, "&accelerate=false")) {
            out.printf(
                    Locale.ROOT,
                    "queries (%d), each on Prometheus, Tessera%s in turn%n",
                    queries.size(),
                    exact ? " and Tessera with accelerate=false" : "");
            int i = 0;
            for (AccelQuery q : queries) {
                i++;
                long t = q.onGrid() ? onGrid : onGrid - CompareDataset.OFF_GRID_MS;
                long[] p = new long[measured];
                long[] a = new long[measured];
                long[] e = new long[measured];
                QueryAnswer prom = null;
                QueryAnswer mine = null;
                QueryAnswer mineExact = null;
                CompareRow.Answered answered = null;
                long began = System.nanoTime();
                long nextProgress = began + PROGRESS_NANOS;
                for (int r = -warm; r < measured; r++) {
                    ApiResponse x = ask(theirs, q, t);
                    ApiResponse y = ask(ours, q, t);
                    ApiResponse z = exact ? ask(oursExact, q, t) : null;
                    CompareRow.Answered now = CompareRow.Answered.of(y.body());
                    answered = answered == null ? now : answered.and(now);
                    if (prom == null) {
                        prom = QueryAnswer.parse(x);
                        mine = QueryAnswer.parse(y);
                        mineExact = z == null ? null : QueryAnswer.parse(z);
                        if (z != null && z.body().contains("answered from view")) {
                            throw new IllegalStateException(
                                    "Tessera used a view although asked accelerate=false: " + q.text());
                        }
                    }
                    if (r >= 0) {
                        p[r] = x.nanos();
                        a[r] = y.nanos();
                        e[r] = z == null ? 0 : z.nanos();
                    }
                    if (System.nanoTime() >= nextProgress) {
                        out.printf(
                                Locale.ROOT,
                                "  [%2d/%d] %s: %s %d of %d done after %.0f s (last: Prometheus %.0f ms,"
                                        + " Tessera %.0f ms)%n",
                                i,
                                queries.size(),
                                q.name(),
                                r < 0 ? "warm-up" : "run",
                                r < 0 ? r + warm + 1 : r + 1,
                                r < 0 ? warm : measured,
                                (System.nanoTime() - began) / 1e9,
                                x.nanos() / 1e6,
                                y.nanos() / 1e6);
                        nextProgress = System.nanoTime() + PROGRESS_NANOS;
                    }
                }
                double error = AnswerErrors.of(q, t, mine, prom, theirs);
                double exactError = mineExact == null ? Double.NaN : AnswerErrors.of(q, t, mineExact, prom, theirs);
                CompareRow row = new CompareRow(
                        q,
                        new Latencies(p),
                        new Latencies(a),
                        exact ? new Latencies(e) : null,
                        error,
                        exactError,
                        answered);
                rows.add(row);
                out.printf(
                        Locale.ROOT,
                        "  [%2d/%d] %-42s Prometheus p50 %9.2f ms, Tessera p50 %9.2f ms (%s), %6.1fx,"
                                + " error %.2e%s; %d runs in %.1f s%n",
                        i,
                        queries.size(),
                        q.name(),
                        row.prometheusP50(),
                        row.tesseraP50(),
                        row.answered().label,
                        row.ratio(),
                        error,
                        exact
                                ? String.format(
                                        Locale.ROOT,
                                        ", exact p50 %.2f ms",
                                        row.exact().percentileMillis(50))
                                : "",
                        (warm + measured) * (exact ? 3 : 2),
                        (System.nanoTime() - began) / 1e9);
            }
        }
        return rows;
    }

    private void printHistogram(long pid, String when) {
        if (!heapHistogram) {
            return;
        }
        out.println("Tessera's largest heap classes " + when + " (instances, bytes, class):");
        for (String row : JvmHeap.histogram(pid, 15)) {
            out.println("  " + row);
        }
    }

    private static ApiResponse ask(QueryApi api, AccelQuery q, long t) throws IOException, InterruptedException {
        return q.range() ? api.range(q.text(), t - HOUR, t, 15_000) : api.instant(q.text(), t);
    }

    private String commandLine() {
        List<String> args = spec.commandLine().getParseResult().originalArgs();
        List<String> all = new ArrayList<>(args);
        if (all.isEmpty() || !all.getFirst().equals("bench")) {
            all.addAll(0, List.of("bench", "compare"));
        }
        return "./tessera " + String.join(" ", all);
    }
}
