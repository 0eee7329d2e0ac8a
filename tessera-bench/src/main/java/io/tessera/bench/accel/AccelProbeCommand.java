package io.tessera.bench.accel;

import io.tessera.bench.load.BlockLoader;
import io.tessera.bench.peer.ViewCatchUp;
import io.tessera.bench.promql.ApiResponse;
import io.tessera.bench.promql.QueryApi;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code tessera bench accel-probe}: the accelerated side of {@code bench accel} alone, with
 * Tessera in this JVM and many more runs per query, for comparing changes and for profiling
 * (start the JVM with a flight recording through {@code TESSERA_JAVA_OPTS}). Loads one of the
 * bench's datasets over remote write on loopback, installs the bench's plan, waits for the
 * ingestion runs, then asks the chosen queries at the bench's instants and prints their
 * percentiles. No Prometheus, so no ratios: only Tessera's own times, side by side in one run.
 */
@Command(
        name = "accel-probe",
        description = "Latency percentiles of bench accel's queries on Tessera alone, in process, over loopback HTTP.")
public final class AccelProbeCommand implements Callable<Integer> {

    private static final Duration CATCH_UP = Duration.ofMinutes(15);

    @Option(names = "--dataset", defaultValue = "a", description = "a or b (default ${DEFAULT-VALUE}).")
    String dataset;

    @Option(
            names = "--series",
            description = "Series of each metric (default: the bench's, 10,000 for a and 1,000 for b).")
    Integer series;

    @Option(
            names = "--queries",
            split = ";",
            defaultValue = "sum_over_time, off grid",
            description =
                    "Names of bench accel's queries, separated by ';' (default: ${DEFAULT-VALUE}); 'all' for every one.")
    List<String> names;

    @Option(
            names = "--runs",
            defaultValue = "600",
            description = "Measured runs of each query (default ${DEFAULT-VALUE}).")
    int runs;

    @Option(
            names = "--warmup",
            defaultValue = "300",
            description = "Unmeasured runs of each query first (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(
            names = "--rounds",
            defaultValue = "1",
            description = "Times the list of queries is measured, one after"
                    + " the other, so that a drift of the machine shows (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(
            names = "--first-runs",
            description =
                    "Ask each run a whole minute earlier than the one before, cycling through"
                            + " 17 minutes, so that every off-grid run is the first after its grid point (which reads what leaves the window).")
    boolean firstRuns;

    /**
     * One grid point more than kept corrections keeps (16), so that none is still kept when the
     * cycle comes back to it, and few enough that the bench plan's view still holds them all.
     */
    private static final int FIRST_RUN_MINUTES = 17;

    @Option(
            names = "--dashboard",
            description = "The queries of bench accel --mode dashboard with the planner's own plan for them, each"
                    + " asked at the data's end and one to five whole minutes before it, in turn; a plain"
                    + " selector of every x series ('x') is measured too, as the floor of an answer of that size.")
    boolean dashboard;

    private static final int DASHBOARD_INSTANTS = 6;

    @Option(
            names = "--hold-seconds",
            defaultValue = "0",
            description = "Keep the server up this long after measuring, for asking it by hand (its address is"
                    + " printed; default ${DEFAULT-VALUE}).")
    int holdSeconds;

    private final PrintStream out = System.out;

    @Override
    public Integer call() throws Exception {
        long start = AccelDataset.startNow();
        AccelDataset d = switch (dataset) {
            case "a" -> AccelDataset.a(series != null ? series : 10_000, start);
            case "b" -> AccelDataset.b(series != null ? series : 1_000, start);
            default -> throw new IllegalArgumentException("--dataset must be a or b, not " + dataset);
        };
        List<AccelQuery> chosen = chosen();
        try (TesseraServer server = TesseraServer.start(ConfigLoader.parse("listen: 127.0.0.1:0\n"))) {
            String base = "http://127.0.0.1:" + server.port();
            BlockLoader.load(d, "Tessera", base + "/api/v1/write", 2, out);
            io.tessera.plan.codec.InstallablePlan plan = dashboard
                    ? DashboardSuite.plan(d).plan()
                    : AccelPlan.plan(AccelBenchCommand.queries(), d.series(), d.intervalMs())
                            .plan();
            ViewCatchUp.install(base, plan);
            if (!ViewCatchUp.await(base, AccelPlan.caughtUpLagMs(plan), CATCH_UP, out)) {
                out.println("ingestion runs did not catch up in time: measuring anyway");
            }
            long onGrid = AccelBenchCommand.onGrid(d);
            try (QueryApi api = new QueryApi(base)) {
                for (int round = 1; round <= rounds; round++) {
                    for (AccelQuery q : chosen) {
                        long t = dashboard ? d.endMs() : q.onGrid() ? onGrid : onGrid - AccelBenchCommand.OFF_GRID_MS;
                        measure(api, q, t, round);
                    }
                }
            }
            if (holdSeconds > 0) {
                out.printf(Locale.ROOT, "holding %s for %d s; the data ends at %d ms%n", base, holdSeconds, d.endMs());
                out.flush();
                Thread.sleep(holdSeconds * 1000L);
            }
        }
        return 0;
    }

    private List<AccelQuery> chosen() {
        List<AccelQuery> all = dashboard ? dashboardQueries() : AccelBenchCommand.queries();
        if (names.size() == 1 && names.getFirst().equals("all")) {
            return all;
        }
        List<AccelQuery> chosen = new ArrayList<>();
        for (String name : names) {
            AccelQuery q = all.stream()
                    .filter(a -> a.name().equals(name.strip()))
                    .findFirst()
                    .orElseThrow(() ->
                            new IllegalArgumentException("no bench accel query is named '" + name + "'; they are: "
                                    + all.stream().map(AccelQuery::name).toList()));
            chosen.add(q);
        }
        return chosen;
    }

    private static List<AccelQuery> dashboardQueries() {
        List<AccelQuery> all = new ArrayList<>(DashboardSuite.queries());
        all.add(new AccelQuery("floor x", "x", false, false, AccelQuery.ErrorKind.RELATIVE, true));
        return all;
    }

    private void measure(QueryApi api, AccelQuery q, long t, int round) throws Exception {
        for (int r = 0; r < warmup; r++) {
            ask(api, q, instant(t, r));
        }
        long[] nanos = new long[runs];
        int fromViews = 0;
        int chars = 0;
        for (int r = 0; r < runs; r++) {
            ApiResponse a = ask(api, q, instant(t, warmup + r));
            if (a.status() != 200) {
                throw new IllegalStateException(q.name() + ": HTTP " + a.status() + ": " + a.body());
            }
            fromViews += a.body().contains("answered from view") ? 1 : 0;
            nanos[r] = a.nanos();
            chars = a.body().length();
        }
        Arrays.sort(nanos);
        out.printf(
                Locale.ROOT,
                "round %d  %-40s p10 %7.2f ms  p50 %7.2f ms  p90 %7.2f ms  %,d chars  %d of %d from views%n",
                round,
                q.name(),
                at(nanos, 0.1),
                at(nanos, 0.5),
                at(nanos, 0.9),
                chars,
                fromViews,
                runs);
    }

    private ApiResponse ask(QueryApi api, AccelQuery q, long t) throws Exception {
        long step = DashboardSuite.STEP_MS;
        return AccelBenchCommand.ask(api, q, dashboard && q.range() ? Math.floorDiv(t, step) * step : t);
    }

    private long instant(long t, int run) {
        if (dashboard) {
            return t - (run % DASHBOARD_INSTANTS) * 60_000L;
        }
        return firstRuns ? t - (run % FIRST_RUN_MINUTES) * 60_000L : t;
    }

    private static double at(long[] sorted, double q) {
        return sorted[(int) Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))] / 1e6;
    }
}
