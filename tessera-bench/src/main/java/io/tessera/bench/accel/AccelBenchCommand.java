package io.tessera.bench.accel;

import io.tessera.bench.QueryRepetitions;
import io.tessera.bench.accel.AccelQuery.ErrorKind;
import io.tessera.bench.load.BlockLoader;
import io.tessera.bench.peer.PrometheusProcess;
import io.tessera.bench.peer.TesseraProcess;
import io.tessera.bench.peer.TesseraServerOptions;
import io.tessera.bench.peer.ViewCatchUp;
import io.tessera.bench.promql.ApiResponse;
import io.tessera.bench.promql.QueryAnswer;
import io.tessera.bench.promql.QueryApi;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.planner.PlanResult;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tessera bench accel}: view-backed queries against Prometheus 2.x on the same data. For
 * each dataset both servers are child processes on loopback; the queries run first on Tessera
 * without views (its exact engine), then the planner's plan for a workload of these queries
 * (instant queries as rules every minute, aligned to it; the range query as a panel over 1 h at
 * 15 s refreshed every 30 s) is installed over {@code POST /api/v1/plan}, the ingestion runs
 * catch up, and the queries run again, from views wherever the plan and the grid allow.
 */
@Command(
        name = "accel",
        description =
                "Accelerated (view-backed) query latency and error of Tessera against Prometheus 2.x, over loopback.")
public final class AccelBenchCommand implements Callable<Integer> {

    private static final Duration CATCH_UP = Duration.ofMinutes(15);
    private static final long HOUR = 3_600_000;
    private static final long STEP_MS = 15_000;
    /** Odd, so that off-grid windows never start on a sample (see {@link AccelDataset#offsetOf}). */
    static final long OFF_GRID_MS = 23_457;

    @Option(
            names = "--quick",
            description = "2,000 and 300 series instead of 10,000 and 1,000; 5 measured runs instead of 10.")
    boolean quick;

    @Option(names = "--dataset", description = "Only this dataset: a or b.")
    String only;

    @Option(
            names = "--mode",
            defaultValue = "grid",
            description = "grid: the queries on the plan's evaluation grid and off it, with the bench's rule plan;"
                    + " dashboard: a dashboard refreshed at \"now\" with the planner's own plan for it, the data's end and"
                    + " whole minutes before it, then data streaming in (default ${DEFAULT-VALUE}).")
    String mode;

    @Option(
            names = "--stream-steps",
            defaultValue = "30",
            description =
                    "Dashboard mode: steps of streamed data (10 s each) after the bulk load (default ${DEFAULT-VALUE}).")
    int streamSteps;

    @Option(
            names = "--settle-ms",
            defaultValue = "50",
            description = "Dashboard mode: pause before each timed query, the same for both servers, so that what one"
                    + " server still does after its answer (a collector finishing, on 2 cores) is not timed as the"
                    + " other's query (default ${DEFAULT-VALUE}; 0 to ask back to back).")
    int settleMs;

    @Mixin
    private final QueryRepetitions repetitions = new QueryRepetitions(2);

    @Option(
            names = "--warmup-seconds",
            description = "Each query's unmeasured runs last at least this long, so that a"
                    + " server's just-in-time compiler has compiled what it runs (default 8, 2 with --quick: the sweep of an off-grid"
                    + " range query needs a few dozen runs).")
    Double warmupSeconds;

    /** Times a "moving now" query is asked at, 10 s apart: three grid points of a minute. */
    private static final int MOVING_TIMES = 18;
    /** Unmeasured runs of one query stop here even when the warm-up time has not passed. */
    private static final int MAX_WARMUP_RUNS = 2_000;

    @Mixin
    private final TesseraServerOptions server = new TesseraServerOptions();

    private final PrintStream out = System.out;

    @Override
    public Integer call() throws Exception {
        if (PrometheusProcess.findBinary() == null) {
            System.err.println("tessera bench accel needs a Prometheus 2.x binary. " + PrometheusProcess.installHint());
            return 2;
        }
        int reps = repetitions.measuredOr(quick ? 5 : 10);
        long start = AccelDataset.startNow();
        if (mode.equals("dashboard")) {
            return dashboard(start);
        }
        if (!mode.equals("grid")) {
            System.err.println("--mode is grid or dashboard, not " + mode);
            return 2;
        }
        List<AccelDataset> datasets = new ArrayList<>();
        if (only == null || only.equals("a")) {
            datasets.add(AccelDataset.a(quick ? 2_000 : 10_000, start));
        }
        if (only == null || only.equals("b")) {
            datasets.add(AccelDataset.b(quick ? 300 : 1_000, start));
        }
        out.printf(
                Locale.ROOT,
                "Accelerated queries over loopback: per dataset, N series of a gauge x and N of a counter c"
                        + " (%d jobs), 2 h of data. Tessera: 'tessera serve' in its own JVM (-Xmx%s); exact runs before the plan is"
                        + " installed, accelerated runs after its ingestion runs caught up. Prometheus: %s. At least %d warm-up runs"
                        + " lasting at least %.1f s, then %d measured runs per query and server.%n",
                AccelDataset.JOBS,
                server.heap(),
                PrometheusProcess.findBinary(),
                repetitions.warmup(),
                warmupSeconds(),
                reps);
        List<AccelRow> rows = new ArrayList<>();
        for (AccelDataset d : datasets) {
            rows.addAll(runDataset(d, reps));
        }
        printTable(rows);
        return 0;
    }

    private int dashboard(long start) throws Exception {
        // a round of the dashboard for every six measured runs: 1 with --quick, else 2
        int rounds = Math.max(1, repetitions.measuredOr(quick ? 6 : 12) / 6);
        DashboardRun.Settings settings =
                new DashboardRun.Settings(rounds, Math.max(repetitions.warmup(), 6), streamSteps, settleMs, server);
        out.printf(
                Locale.ROOT,
                "A dashboard at \"now\" over loopback: per dataset, N series of a gauge x and N of a counter c (%d jobs),"
                        + " 2 h of data, then %d steps of 10 s streamed. Tessera: 'tessera serve' in its own JVM (%s), the"
                        + " planner's plan for the dashboard. Prometheus: %s. Each query %d times at the data's end and at 1..5"
                        + " whole minutes before it, after %d warm-up runs; then once at the newest sample after each streamed step."
                        + " Each timed query after a pause of %d ms.%n",
                AccelDataset.JOBS,
                streamSteps,
                server.heapOr(null) == null ? "heap sized from each dataset" : "-Xmx" + server.heap(),
                PrometheusProcess.findBinary(),
                rounds * 6,
                settings.warmup(),
                settleMs);
        List<DashboardRow> rows = new ArrayList<>();
        if (only == null || only.equals("a")) {
            AccelDataset a = AccelDataset.a(quick ? 2_000 : 10_000, start);
            rows.addAll(new DashboardRun(withStreamed(a, streamSteps), a.scrapes(), settings, out).run());
        }
        if (only == null || only.equals("b")) {
            AccelDataset b = AccelDataset.b(quick ? 300 : 1_000, start);
            rows.addAll(new DashboardRun(withStreamed(b, streamSteps * 10), b.scrapes(), settings, out).run());
        }
        DashboardTable.print(rows, out);
        return 0;
    }

    private static AccelDataset withStreamed(AccelDataset d, int scrapes) {
        return new AccelDataset(d.name(), d.series(), d.intervalMs(), d.scrapes() + scrapes, d.startMs(), d.seed());
    }

    /** The measured queries, in the table's order: each on the grid and off it, then the two asked only on it. */
    static List<AccelQuery> queries() {
        List<AccelQuery> q = new ArrayList<>();
        for (boolean on : new boolean[] {true, false}) {
            String where = on ? ", on grid" : ", off grid";
            q.add(new AccelQuery(
                    "quantile_over_time 0.99" + where,
                    "quantile_over_time(0.99, x[1h])",
                    false,
                    on,
                    ErrorKind.RANK_OVER_TIME,
                    true));
            q.add(new AccelQuery(
                    "quantile_over_time 0.5" + where,
                    "quantile_over_time(0.5, x[1h])",
                    false,
                    on,
                    ErrorKind.RANK_OVER_TIME,
                    true));
            for (String f : List.of("sum", "avg", "max", "count")) {
                q.add(new AccelQuery(
                        f + "_over_time" + where, f + "_over_time(x[1h])", false, on, ErrorKind.RELATIVE, true));
            }
            q.add(new AccelQuery("increase 1h" + where, "increase(c[1h])", false, on, ErrorKind.RELATIVE, true));
            q.add(new AccelQuery(
                    "sum by job rate, range" + where,
                    "sum by (job) (rate(c[5m]))",
                    true,
                    on,
                    ErrorKind.RELATIVE,
                    true));
        }
        q.add(new AccelQuery(
                "quantile by job 0.99", "quantile by (job) (0.99, x)", false, true, ErrorKind.RANK_BY_JOB, false));
        q.add(new AccelQuery(
                "topk 5 sum by instance rate",
                "topk(5, sum by (instance) (rate(c[5m])))",
                false,
                true,
                ErrorKind.RELATIVE,
                true));
        return q;
    }

    private List<AccelRow> runDataset(AccelDataset d, int reps) throws Exception {
        out.printf(
                Locale.ROOT,
                "%ndataset (%s): %,d series of x and %,d of c at %d s scrape over 2 h, %,d samples per server%n",
                d.name(),
                d.series(),
                d.series(),
                d.intervalMs() / 1000,
                d.samples());
        List<AccelQuery> queries = queries();
        long onGrid = onGrid(d);
        try (TesseraProcess tessera = TesseraProcess.start("-Xmx" + server.heap(), "-XX:+UseParallelGC");
                PrometheusProcess prometheus = PrometheusProcess.startReceiver();
                QueryApi ours = new QueryApi(tessera.baseUrl());
                QueryApi theirs = new QueryApi(prometheus.baseUrl())) {
            BlockLoader.load(d, "Tessera", tessera.remoteWriteUrl(), server.connections(), out);
            BlockLoader.load(d, "Prometheus", prometheus.remoteWriteUrl(), server.connections(), out);
            int n = queries.size();
            double[] promMs = new double[n];
            double[] exactMs = new double[n];
            QueryAnswer[] promAnswers = new QueryAnswer[n];
            out.println("  exact runs (no plan installed yet)");
            for (int i = 0; i < n; i++) {
                AccelQuery q = queries.get(i);
                long t = q.onGrid() ? onGrid : onGrid - OFF_GRID_MS;
                long[] p = new long[reps];
                long[] e = new long[reps];
                QueryAnswer exactAnswer = null;
                warmUp(() -> {
                    ask(theirs, q, t);
                    ask(ours, q, t);
                });
                for (int r = 0; r < reps; r++) {
                    ApiResponse a = ask(theirs, q, t);
                    ApiResponse b = ask(ours, q, t);
                    if (promAnswers[i] == null) {
                        promAnswers[i] = QueryAnswer.parse(a);
                        exactAnswer = QueryAnswer.parse(b);
                    }
                    p[r] = a.nanos();
                    e[r] = b.nanos();
                }
                promMs[i] = p50(p);
                exactMs[i] = p50(e);
                out.printf(
                        Locale.ROOT,
                        "    %-40s Prometheus %9.1f ms, Tessera exact %9.1f ms, exact error %.2e%n",
                        q.name(),
                        promMs[i],
                        exactMs[i],
                        AnswerErrors.of(q, t, exactAnswer, promAnswers[i], theirs));
            }
            PlanResult planned = AccelPlan.plan(queries, d.series(), d.intervalMs());
            for (String line : planned.explanation().text().split("\n")) {
                if (line.startsWith("view ")
                        || line.startsWith("evaluation-grid view")
                        || line.startsWith("no view")
                        || line.startsWith("samples view")
                        || line.startsWith("no samples view")
                        || line.startsWith("curve view")
                        || line.startsWith("no curve view")) {
                    out.println("  plan: " + line);
                }
            }
            install(tessera.baseUrl(), planned.plan());
            awaitCatchUp(tessera.baseUrl(), planned.plan());
            out.println("  accelerated runs");
            List<AccelRow> rows = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                AccelQuery q = queries.get(i);
                long t = q.onGrid() ? onGrid : onGrid - OFF_GRID_MS;
                long[] a = new long[reps];
                boolean fromView = true;
                QueryAnswer answer = null;
                warmUp(() -> ask(ours, q, t));
                for (int r = 0; r < reps; r++) {
                    ApiResponse b = ask(ours, q, t);
                    fromView &= b.body().contains("answered from view");
                    if (answer == null) {
                        answer = QueryAnswer.parse(b);
                    }
                    a[r] = b.nanos();
                }
                double error = AnswerErrors.of(q, t, answer, promAnswers[i], theirs);
                AccelRow row = new AccelRow(d.name(), q, promMs[i], p50(a), exactMs[i], error, fromView);
                rows.add(row);
                out.printf(
                        Locale.ROOT,
                        "    %-40s Tessera accelerated %9.2f ms, ratio %7.1fx, error %.2e%s%n",
                        q.name(),
                        row.acceleratedMs(),
                        row.ratio(),
                        error,
                        fromView ? ", from views" : ", NOT from views");
            }
            movingNow(queries, onGrid, ours, theirs);
            return rows;
        }
    }

    /** The instant on-grid queries are asked at: a whole minute two minutes before the data ends. */
    static long onGrid(AccelDataset d) {
        return Math.floorDiv(d.endMs() - 2 * 60_000, 60_000) * 60_000;
    }

    @FunctionalInterface
    private interface Run {
        void run() throws IOException, InterruptedException;
    }

    private double warmupSeconds() {
        return warmupSeconds != null ? warmupSeconds : quick ? 2 : 8;
    }

    /** Runs {@code run} {@code --warmup} times and for at least {@code --warmup-seconds}, at most {@link #MAX_WARMUP_RUNS} times. */
    private void warmUp(Run run) throws IOException, InterruptedException {
        long until = System.nanoTime() + (long) (warmupSeconds() * 1e9);
        for (int r = 0; r < repetitions.warmup() || (System.nanoTime() < until && r < MAX_WARMUP_RUNS); r++) {
            run.run();
        }
    }

    /**
     * A dashboard refreshing at "now": every off-grid instant asked at {@link #MOVING_TIMES} times
     * 10 s apart, across three grid points the runs above did not use, on both servers, so that
     * Tessera's runs include the first one after each grid point (which reads and keeps what
     * leaves the window; see {@code docs/off-grid.md}). Means, not p50s: the first runs are part
     * of the cost. Not part of the targets' table.
     */
    private void movingNow(List<AccelQuery> queries, long onGrid, QueryApi ours, QueryApi theirs)
            throws IOException, InterruptedException {
        out.printf(
                Locale.ROOT,
                "  moving now: each off-grid instant at %d times 10 s apart across three grid points"
                        + " (means; 'first' is the run just after a grid point)%n",
                MOVING_TIMES);
        for (AccelQuery q : queries) {
            if (q.onGrid() || q.range() || !q.accelerated()) {
                continue;
            }
            double prom = 0;
            double tessera = 0;
            double first = 0;
            int firsts = 0;
            double worst = 0;
            for (int k = 0; k < MOVING_TIMES; k++) {
                long t = onGrid - 4 * 60_000 + 7_000 + k * 10_000L;
                ApiResponse a = ask(theirs, q, t);
                ApiResponse b = ask(ours, q, t);
                prom += a.nanos() / 1e6;
                tessera += b.nanos() / 1e6;
                if (k % 6 == 0) {
                    first += b.nanos() / 1e6;
                    firsts++;
                }
                worst = Math.max(worst, AnswerErrors.of(q, t, QueryAnswer.parse(b), QueryAnswer.parse(a), theirs));
            }
            out.printf(
                    Locale.ROOT,
                    "    %-40s Prometheus %8.1f ms, Tessera %8.2f ms (first %8.2f ms), ratio %7.1fx, error %.2e%n",
                    q.name().replace(", off grid", ", moving now"),
                    prom / MOVING_TIMES,
                    tessera / MOVING_TIMES,
                    first / firsts,
                    prom / tessera,
                    worst);
        }
    }

    static ApiResponse ask(QueryApi api, AccelQuery q, long t) throws IOException, InterruptedException {
        return q.range() ? api.range(q.text(), t - HOUR, t, STEP_MS) : api.instant(q.text(), t);
    }

    private void install(String baseUrl, InstallablePlan plan) throws IOException, InterruptedException {
        ViewCatchUp.install(baseUrl, plan);
        out.printf(
                Locale.ROOT,
                "  plan installed: %d views%n",
                plan.materializedViews().size());
    }

    private void awaitCatchUp(String baseUrl, InstallablePlan plan) throws IOException, InterruptedException {
        if (!ViewCatchUp.await(baseUrl, AccelPlan.caughtUpLagMs(plan), CATCH_UP, out)) {
            out.println(
                    "  ingestion runs did not catch up in time: measuring anyway (the infos say which runs used views)");
        }
    }

    private static double p50(long[] nanos) {
        long[] s = nanos.clone();
        Arrays.sort(s);
        return s[(s.length - 1) / 2] / 1e6;
    }

    private void printTable(List<AccelRow> rows) {
        out.printf(
                Locale.ROOT,
                "%n%-4s %-36s %11s %11s %11s %9s %7s %10s %5s%n",
                "data",
                "query",
                "Prom p50",
                "accel p50",
                "exact p50",
                "Prom/acc",
                "target",
                "max error",
                "view");
        int met = 0;
        int targeted = 0;
        for (AccelRow r : rows) {
            double target = target(r);
            boolean ok = r.ratio() >= target;
            targeted++;
            met += ok ? 1 : 0;
            out.printf(
                    Locale.ROOT,
                    "%-4s %-36s %8.1f ms %8.2f ms %8.1f ms %8.1fx %6.0fx %10.2e %5s%n",
                    r.dataset(),
                    r.query().name(),
                    r.prometheusMs(),
                    r.acceleratedMs(),
                    r.exactMs(),
                    r.ratio(),
                    target,
                    r.error(),
                    r.fromView() ? "yes" : "no");
        }
        out.println("Prom/acc: Prometheus p50 / Tessera accelerated p50. max error: relative against Prometheus (exact"
                + " families), rank error among the sorted raw samples of the window (quantiles; target 1%).");
        out.println(
                "view: every accelerated run's infos said 'answered from view' (quantile by over an instant selector is"
                        + " not accelerated: exact). Machine caveat: "
                        + Runtime.getRuntime().availableProcessors()
                        + " cores shared by Tessera, Prometheus and this client; compare ratios, not absolute times.");
        double worstRelative = rows.stream()
                .filter(r -> r.query().error() == ErrorKind.RELATIVE)
                .mapToDouble(AccelRow::error)
                .max()
                .orElse(0);
        double worstRank = rows.stream()
                .filter(r -> r.query().error() != ErrorKind.RELATIVE)
                .mapToDouble(AccelRow::error)
                .max()
                .orElse(0);
        double logSum = 0;
        for (AccelRow r : rows) {
            logSum += Math.log(r.ratio());
        }
        out.printf(
                Locale.ROOT,
                "accel bench: %d of %d rows meet their ratio target, Prometheus/accelerated p50 geometric mean"
                        + " %.1fx (best %.1fx, worst %.1fx); worst relative error %.1e, worst rank error %.2f%%%n",
                met,
                targeted,
                Math.exp(logSum / rows.size()),
                rows.stream().mapToDouble(AccelRow::ratio).max().orElse(0),
                rows.stream().mapToDouble(AccelRow::ratio).min().orElse(0),
                worstRelative,
                100 * worstRank);
    }

    private static double target(AccelRow r) {
        String n = r.query().name();
        if (n.startsWith("quantile_over_time")) {
            return r.dataset().equals("a") ? 20 : 100;
        }
        if (n.startsWith("quantile by") || n.startsWith("topk")) {
            return 3;
        }
        return 50;
    }
}
