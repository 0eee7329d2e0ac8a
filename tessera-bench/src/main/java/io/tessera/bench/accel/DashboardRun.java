package io.tessera.bench.accel;

import io.tessera.bench.accel.AccelQuery.ErrorKind;
import io.tessera.bench.accel.DashboardRow.Latency;
import io.tessera.bench.accel.DashboardRow.Phase;
import io.tessera.bench.load.BlockLoader;
import io.tessera.bench.load.ScrapeRange;
import io.tessera.bench.peer.ProcessMemory;
import io.tessera.bench.peer.PrometheusProcess;
import io.tessera.bench.peer.TesseraHeap;
import io.tessera.bench.peer.TesseraMemory;
import io.tessera.bench.peer.TesseraProcess;
import io.tessera.bench.peer.TesseraServerOptions;
import io.tessera.bench.peer.ViewCatchUp;
import io.tessera.bench.promql.ApiResponse;
import io.tessera.bench.promql.QueryAnswer;
import io.tessera.bench.promql.QueryApi;
import io.tessera.plan.planner.PlanResult;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The "dashboard at now" run over one dataset: both servers get the same data over remote write;
 * each query of {@link DashboardSuite} is asked at the data's end and one to five whole minutes
 * before it, first with no plan (Tessera's exact engine), then with the planner's plan for the
 * dashboard installed and its ingestion runs caught up; then more data streams in, a scrape (or
 * ten at a 1 s scrape) at a time, and every query is asked at the newest sample after each step.
 * Every timed answer of Tessera is checked against Prometheus' answer at the same instant.
 */
final class DashboardRun {

    private static final Duration READY = Duration.ofSeconds(60);
    private static final Duration QUERY_TIMEOUT = Duration.ofMinutes(3);
    private static final Duration CATCH_UP = Duration.ofMinutes(15);
    private static final long MINUTE = 60_000;
    /** The data's end and one to five whole minutes before it. */
    private static final int INSTANTS = 6;
    /** Relative difference under which a quantile is Prometheus' own (an exact answer). */
    private static final double EXACT = 1e-12;

    /** How one run of the bench is set up. */
    record Settings(int rounds, int warmup, int streamSteps, int settleMs, TesseraServerOptions server) {}

    private final AccelDataset data;
    private final int loadedScrapes;
    private final Settings settings;
    private final PrintStream out;

    /**
     * @param data the dataset with its streamed scrapes: the first {@code loadedScrapes} are loaded
     *     in bulk, the rest stream in during the moving pass
     */
    DashboardRun(AccelDataset data, int loadedScrapes, Settings settings, PrintStream out) {
        this.data = data;
        this.loadedScrapes = loadedScrapes;
        this.settings = settings;
        this.out = out;
    }

    List<DashboardRow> run() throws Exception {
        List<AccelQuery> queries = DashboardSuite.queries();
        long end = data.startMs() + loadedScrapes * data.intervalMs();
        out.printf(
                Locale.ROOT,
                "%ndataset (%s): %,d series of x and %,d of c at %d s scrape, %,d samples loaded, then %d steps streamed%n",
                data.name(),
                data.series(),
                data.series(),
                data.intervalMs() / 1000,
                2L * data.series() * loadedScrapes,
                settings.streamSteps());
        List<String> jvm = new ArrayList<>();
        jvm.add("-Xmx" + settings.server().heapOr(TesseraHeap.forSamples(data.samples())));
        jvm.addAll(settings.server().jvmOptionsOr(TesseraHeap.COLLECTOR_OPTIONS));
        out.println("  Tessera's JVM: " + String.join(" ", jvm));
        try (TesseraProcess tessera = TesseraProcess.start(READY, jvm.toArray(String[]::new));
                PrometheusProcess prometheus = PrometheusProcess.start("global: {}\n", READY);
                QueryApi ours = new QueryApi(tessera.baseUrl(), QUERY_TIMEOUT);
                QueryApi theirs = new QueryApi(prometheus.baseUrl(), QUERY_TIMEOUT)) {
            ScrapeRange bulk = new ScrapeRange(data, 0, loadedScrapes);
            BlockLoader.load(
                    bulk, "Tessera", tessera.remoteWriteUrl(), settings.server().connections(), out);
            BlockLoader.load(
                    bulk,
                    "Prometheus",
                    prometheus.remoteWriteUrl(),
                    settings.server().connections(),
                    out);
            List<DashboardRow> rows = new ArrayList<>();
            for (AccelQuery q : queries) {
                rows.add(atInstants(Phase.EXACT, q, end, ours, theirs));
            }
            PlanResult planned = DashboardSuite.plan(data);
            for (String line : planned.explanation().text().split("\n")) {
                if (!line.isBlank() && !line.startsWith(" ") && !line.startsWith("{")) {
                    out.println("  plan: " + line);
                }
            }
            ViewCatchUp.install(tessera.baseUrl(), planned.plan());
            if (!ViewCatchUp.await(tessera.baseUrl(), AccelPlan.caughtUpLagMs(planned.plan()), CATCH_UP, out)) {
                out.println(
                        "  ingestion runs did not catch up in time: measuring anyway (the infos say what answered)");
            }
            for (AccelQuery q : queries) {
                rows.add(atInstants(Phase.AT_NOW, q, end, ours, theirs));
            }
            rows.addAll(moving(queries, tessera, prometheus, ours, theirs));
            out.printf(
                    Locale.ROOT,
                    "  resident memory after the queries: Tessera %,.0f MiB, Prometheus %,.0f MiB%n",
                    ProcessMemory.residentBytes(tessera.pid()) / 1048576.0,
                    ProcessMemory.residentBytes(prometheus.pid()) / 1048576.0);
            out.println("  Tessera's memory: " + TesseraMemory.breakdown(tessera.baseUrl()));
            return rows;
        }
    }

    /** {@code q} at the data's end and whole minutes before it, {@code rounds} times each, after a warm-up. */
    private DashboardRow atInstants(Phase phase, AccelQuery q, long end, QueryApi ours, QueryApi theirs)
            throws IOException, InterruptedException {
        for (int w = 0; w < settings.warmup(); w++) {
            long t = end - (w % INSTANTS) * MINUTE;
            ask(theirs, q, t);
            ask(ours, q, t);
        }
        int runs = settings.rounds() * INSTANTS;
        long[] prom = new long[runs];
        long[] tess = new long[runs];
        Sources sources = new Sources();
        double error = 0;
        for (int r = 0; r < runs; r++) {
            long t = end - (r % INSTANTS) * MINUTE;
            ApiResponse a = settledAsk(theirs, q, t);
            ApiResponse b = settledAsk(ours, q, t);
            prom[r] = a.nanos();
            tess[r] = b.nanos();
            sources.add(b);
            if (r < INSTANTS) {
                error = Math.max(error, error(q, t, b, a, theirs));
            }
        }
        return report(phase, q, prom, tess, error, sources);
    }

    /** {@code q} at {@code t}, timed, after the settling pause. */
    private ApiResponse settledAsk(QueryApi api, AccelQuery q, long t) throws IOException, InterruptedException {
        if (settings.settleMs() > 0) {
            Thread.sleep(settings.settleMs());
        }
        return ask(api, q, t);
    }

    /** Streams the scrapes after the loaded ones into both servers and asks every query at the newest after each step. */
    private List<DashboardRow> moving(
            List<AccelQuery> queries,
            TesseraProcess tessera,
            PrometheusProcess prometheus,
            QueryApi ours,
            QueryApi theirs)
            throws IOException, InterruptedException {
        int perStep = (int) Math.max(1, 10_000 / data.intervalMs());
        int n = queries.size();
        int steps = Math.min(settings.streamSteps(), (data.scrapes() - loadedScrapes) / perStep);
        long[][] prom = new long[n][steps];
        long[][] tess = new long[n][steps];
        double[] errors = new double[n];
        Sources[] sources = new Sources[n];
        for (int i = 0; i < n; i++) {
            sources[i] = new Sources();
        }
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
        for (int s = 0; s < steps; s++) {
            int from = loadedScrapes + s * perStep;
            ScrapeRange step = new ScrapeRange(data, from, from + perStep);
            BlockLoader.load(step, "Tessera", tessera.remoteWriteUrl(), 1, quiet);
            BlockLoader.load(step, "Prometheus", prometheus.remoteWriteUrl(), 1, quiet);
            long now = data.startMs() + (from + perStep) * data.intervalMs();
            for (int i = 0; i < n; i++) {
                AccelQuery q = queries.get(i);
                ApiResponse a = settledAsk(theirs, q, now);
                ApiResponse b = settledAsk(ours, q, now);
                prom[i][s] = a.nanos();
                tess[i][s] = b.nanos();
                sources[i].add(b);
                if (s % 5 == 4 || s == steps - 1) {
                    errors[i] = Math.max(errors[i], error(q, now, b, a, theirs));
                }
            }
        }
        List<DashboardRow> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(report(Phase.MOVING_NOW, queries.get(i), prom[i], tess[i], errors[i], sources[i]));
        }
        return rows;
    }

    private DashboardRow report(Phase phase, AccelQuery q, long[] prom, long[] tess, double error, Sources sources) {
        double target =
                phase == Phase.EXACT ? (data.name().equals("b") ? 1.0 : 0) : DashboardSuite.target(data.name(), q);
        DashboardRow row = new DashboardRow(
                data.name(), phase, q, Latency.of(prom), Latency.of(tess), error, sources.summary(), target);
        out.printf(
                Locale.ROOT,
                "  %-10s %-30s Prometheus p50 %8.1f ms p95 %8.1f ms, Tessera p50 %8.2f ms p95 %8.2f ms, %7.1fx, error %.2e, %s%n",
                phase.label,
                q.name(),
                row.prometheus().p50(),
                row.prometheus().p95(),
                row.tessera().p50(),
                row.tessera().p95(),
                row.ratio(),
                error,
                row.answered());
        if (sources.whyExact() != null && phase != Phase.EXACT) {
            out.println("             why exact: " + sources.whyExact());
        }
        return row;
    }

    /**
     * {@code q} at {@code t}: an instant query at {@code t}; the range panel over the hour up to
     * {@code t} rounded down to its step, as Grafana aligns a panel's range to its step.
     */
    private static ApiResponse ask(QueryApi api, AccelQuery q, long t) throws IOException, InterruptedException {
        long step = DashboardSuite.STEP_MS;
        return AccelBenchCommand.ask(api, q, q.range() ? Math.floorDiv(t, step) * step : t);
    }

    /**
     * Tessera's error against Prometheus: relative for the exact families; for quantiles, zero when
     * the answer is Prometheus' own, else its rank error among the window's raw samples.
     */
    private static double error(AccelQuery q, long t, ApiResponse ours, ApiResponse prom, QueryApi theirs)
            throws IOException, InterruptedException {
        QueryAnswer mine = QueryAnswer.parse(ours);
        QueryAnswer reference = QueryAnswer.parse(prom);
        double relative = AnswerErrors.relative(reference, mine);
        if (q.error() == ErrorKind.RELATIVE || relative <= EXACT) {
            return relative;
        }
        return AnswerErrors.of(q, t, mine, reference, theirs);
    }

    /** Where the answers of one row came from, as their infos say. */
    private static final class Sources {
        private static final Pattern INFOS = Pattern.compile("\"infos\":\\[(.*?)\\]");
        private int fromViews;
        private int exact;
        /** The infos of the first answer that did not come from views: why it was answered exactly. */
        private String firstExactInfos;

        void add(ApiResponse r) {
            if (r.status() != 200) {
                throw new IllegalStateException("HTTP " + r.status() + ": " + r.body());
            }
            if (r.body().contains("answered from view")) {
                fromViews++;
            } else {
                exact++;
                if (firstExactInfos == null) {
                    Matcher m = INFOS.matcher(r.body());
                    firstExactInfos = m.find() ? m.group(1) : "(no infos)";
                }
            }
        }

        String whyExact() {
            return firstExactInfos;
        }

        String summary() {
            return exact == 0
                    ? "views"
                    : fromViews == 0 ? "exact" : "mixed (" + fromViews + " of " + (fromViews + exact) + " from views)";
        }
    }
}
