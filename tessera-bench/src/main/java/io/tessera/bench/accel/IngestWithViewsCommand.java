package io.tessera.bench.accel;

import io.tessera.bench.load.BlockLoader;
import io.tessera.bench.peer.TesseraProcess;
import io.tessera.bench.peer.TesseraServerOptions;
import io.tessera.bench.peer.ViewCatchUp;
import io.tessera.plan.DagBuilder;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedViews;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.plan.TimeRange;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.lowering.PromqlLowering;
import io.tessera.plan.lowering.ViewMatcher;
import io.tessera.sketch.StateFamily;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tessera bench ingest-views}: remote-write throughput of Tessera with eleven views
 * maintained against none, on the same data, each in a fresh child process: six pane views (KLL,
 * sum, count, avg, max of a gauge; counter panes of a counter), four evaluation-grid views (two
 * rules every minute and two panels every 15 s) and the curve view of the rate panel, their
 * ingestion runs competing with the load for the same cores. Each target runs with a sized heap and
 * first loads earlier data (its views built), so that the load is measured on a warm server; each
 * load prints Tessera's CPU time and the views' share of it.
 */
@Command(
        name = "ingest-views",
        description = "Remote-write throughput with eleven views (ten and a curve view) maintained against none.")
public final class IngestWithViewsCommand implements Callable<Integer> {

    private static final long HOUR = 3_600_000;
    private static final List<String> QUERIES = List.of(
            "quantile_over_time(0.99, x[1h])",
            "sum_over_time(x[1h])",
            "avg_over_time(x[1h])",
            "max_over_time(x[1h])",
            "count_over_time(x[1h])",
            "increase(c[1h])",
            "sum by (job) (rate(c[5m]))",
            "topk(5, sum by (instance) (rate(c[5m])))");

    @Option(names = "--quick", description = "2,000 series over 1 h instead of 10,000 over 2 h.")
    boolean quick;

    @Mixin
    private final TesseraServerOptions server = new TesseraServerOptions();

    @Option(
            names = "--rounds",
            defaultValue = "5",
            description = "Loads of each kind, alternating (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--without-curve", description = "The ten views alone, without the curve view (to see its share).")
    boolean withoutCurve;

    @Option(
            names = "--planner",
            description = "Instead of the hand-built views, the plan the planner makes for bench accel's"
                    + " queries as rules and panels over this dataset (what bench accel installs).")
    private boolean planner;

    @Option(
            names = "--dashboard",
            description = "Instead of the hand-built views, the planner's plan for the dashboard of bench accel"
                    + " --mode dashboard over this dataset.")
    private boolean dashboard;

    @Option(
            names = "--warmup-minutes",
            defaultValue = "120",
            description =
                    "Minutes of data (before the measured two hours)"
                            + " each target loads first, its views built, so that both kinds are measured warm (default ${DEFAULT-VALUE}; 0 for none).")
    int warmupMinutes;

    @Option(
            names = "--unsized-heap",
            description = "Let Tessera's heap grow from the JVM's default initial size instead of"
                    + " starting it at --heap, pre-touched, as a production deployment sizes it.")
    boolean unsizedHeap;

    @Option(
            names = "--thread-cpu",
            description = "Also print the CPU time of Tessera's threads during each measured load (Linux).")
    boolean threadCpu;

    @Option(
            names = "--gc",
            defaultValue = "parallel",
            description = "Tessera's collector: parallel, g1 or z (default ${DEFAULT-VALUE}).")
    private String gc;

    @Option(
            names = "--jvm-arg",
            description = "An extra option for Tessera's JVM, repeatable (e.g. a flight recording or GC log).")
    List<String> jvmArgs = List.of();

    @Option(
            names = "--recent-log",
            description =
                    "Instead: no views with the recent-samples log (the default) against" + " no views without it.")
    boolean recentLog;

    private final PrintStream out = System.out;

    @Override
    public Integer call() throws Exception {
        long start = Math.floorDiv(System.currentTimeMillis() - 2 * HOUR - 10 * 60_000, HOUR) * HOUR;
        AccelDataset d = new AccelDataset("a", quick ? 2_000 : 10_000, 10_000, quick ? 360 : 720, start, 20_261_202L);
        if (recentLog) {
            return compareRecentLog(d);
        }
        InstallablePlan plan = dashboard
                ? DashboardSuite.plan(d).plan()
                : planner
                        ? AccelPlan.plan(AccelBenchCommand.queries(), d.series(), d.intervalMs())
                                .plan()
                        : views(!withoutCurve);
        out.printf(
                Locale.ROOT,
                "%,d series of x and %,d of c at 10 s over %d h: %,d samples; plan of %d views%n",
                d.series(),
                d.series(),
                d.scrapes() / 360,
                d.samples(),
                plan.materializedViews().size());
        double[] none = new double[rounds];
        double[] with = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            // alternate which goes first, so a drift in the machine's load favours neither
            if (r % 2 == 0) {
                none[r] = load(d, null);
                with[r] = load(d, plan);
            } else {
                with[r] = load(d, plan);
                none[r] = load(d, null);
            }
        }
        double noneMedian = median(none);
        double withMedian = median(with);
        out.printf(
                Locale.ROOT,
                "ingest ratio with %d views / none: %.2f (median of %d: %,.0f vs %,.0f samples/s)%n",
                plan.materializedViews().size(),
                withMedian / noneMedian,
                rounds,
                withMedian,
                noneMedian);
        return 0;
    }

    /** Ingest with each metric's recent samples also kept in arrival order, against without. */
    private int compareRecentLog(AccelDataset d) throws Exception {
        double[] with = new double[rounds];
        double[] without = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            if (r % 2 == 0) {
                with[r] = load(d, null, null, "Tessera, recent-samples log");
                without[r] = load(d, null, NO_RECENT_LOG, "Tessera, no recent-samples log");
            } else {
                without[r] = load(d, null, NO_RECENT_LOG, "Tessera, no recent-samples log");
                with[r] = load(d, null, null, "Tessera, recent-samples log");
            }
        }
        out.printf(
                Locale.ROOT,
                "ingest ratio with the recent-samples log / without: %.2f (median of %d: %,.0f vs %,.0f samples/s)%n",
                median(with) / median(without),
                rounds,
                median(with),
                median(without));
        return 0;
    }

    private static final String NO_RECENT_LOG = "storage:\n  recent_samples_window: 0s\n";

    private static double median(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        return sorted.length % 2 == 1
                ? sorted[sorted.length / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    }

    private String collectorOption() {
        return switch (gc) {
            case "parallel" -> "-XX:+UseParallelGC";
            case "g1" -> "-XX:+UseG1GC";
            case "z" -> "-XX:+UseZGC";
            default -> throw new IllegalArgumentException("--gc must be parallel, g1 or z, got " + gc);
        };
    }

    private double load(AccelDataset d, InstallablePlan plan) throws Exception {
        return load(
                d,
                plan,
                null,
                plan == null
                        ? "Tessera, no views"
                        : "Tessera, " + plan.materializedViews().size() + " views");
    }

    private double load(AccelDataset d, InstallablePlan plan, String configYaml, String who) throws Exception {
        List<String> options = new ArrayList<>(List.of("-Xmx" + server.heap(), collectorOption()));
        if (!unsizedHeap) {
            options.addAll(List.of("-Xms" + server.heap(), "-XX:+AlwaysPreTouch"));
        }
        options.addAll(jvmArgs);
        try (TesseraProcess tessera = TesseraProcess.startConfigured(configYaml, options.toArray(String[]::new));
                HttpClient client = HttpClient.newHttpClient()) {
            if (plan != null) {
                ViewCatchUp.install(tessera.baseUrl(), plan);
            }
            if (warmupMinutes > 0) {
                AccelDataset warm = new AccelDataset(
                        d.name(),
                        d.series(),
                        d.intervalMs(),
                        (int) (warmupMinutes * 60_000L / d.intervalMs()),
                        d.startMs() - warmupMinutes * 60_000L,
                        d.seed() + 1);
                BlockLoader.load(warm, who + ", warm-up", tessera.remoteWriteUrl(), server.connections(), out);
                awaitViews(client, tessera.baseUrl());
            }
            double viewRunsBefore =
                    plan == null ? 0 : metric(client, tessera.baseUrl(), "tessera_view_build_cpu_seconds_total");
            double cpuBefore = cpuSeconds(tessera.pid());
            Map<String, Long> threadsBefore = threadCpu ? threadTicks(tessera.pid()) : Map.of();
            double generatorBefore = cpuSeconds(ProcessHandle.current().pid());
            long began = System.nanoTime();
            BlockLoader.load(d, who, tessera.remoteWriteUrl(), server.connections(), out);
            double seconds = (System.nanoTime() - began) / 1e9;
            double cpu = cpuSeconds(tessera.pid()) - cpuBefore;
            double generator = cpuSeconds(ProcessHandle.current().pid()) - generatorBefore;
            double viewRuns = plan == null
                    ? 0
                    : metric(client, tessera.baseUrl(), "tessera_view_build_cpu_seconds_total") - viewRunsBefore;
            if (threadCpu) {
                out.println("    CPU by thread: " + threadCpu(tessera.pid(), threadsBefore));
            }
            double rate = d.samples() / seconds;
            out.printf(
                    Locale.ROOT,
                    "  %s: %,.0f samples/s (CPU: Tessera %.1f s%s, the load generator %.1f s)%n",
                    who,
                    rate,
                    cpu,
                    plan == null
                            ? ""
                            : String.format(Locale.ROOT, ", of it the views' ingestion runs %.1f s", viewRuns),
                    generator);
            return rate;
        }
    }

    /** CPU clock ticks of the process's threads by name, digits at the end of a name dropped (Linux' /proc). */
    private static Map<String, Long> threadTicks(long pid) throws IOException {
        Map<String, Long> ticks = new TreeMap<>();
        File[] tasks = new File("/proc/" + pid + "/task").listFiles();
        for (File task : tasks == null ? new File[0] : tasks) {
            try {
                String name =
                        Files.readString(task.toPath().resolve("comm")).trim().replaceAll("[0-9]+$", "");
                String stat = Files.readString(task.toPath().resolve("stat"));
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                ticks.merge(name, Long.parseLong(fields[11]) + Long.parseLong(fields[12]), Long::sum);
            } catch (IOException gone) {
                // the thread ended between the listing and the read
            }
        }
        return ticks;
    }

    /** The CPU seconds each thread group took since {@code before} (100 ticks a second), those above 0.05 s. */
    private static String threadCpu(long pid, Map<String, Long> before) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Long> e : threadTicks(pid).entrySet()) {
            long ticks = e.getValue() - before.getOrDefault(e.getKey(), 0L);
            if (ticks >= 5) {
                sb.append(sb.isEmpty() ? "" : ", ")
                        .append(String.format(Locale.ROOT, "%s %.2f s", e.getKey(), ticks / 100.0));
            }
        }
        return sb.toString();
    }

    /** Waits (up to 30 s) until every view has built its panes up to the newest complete one. */
    /**
     * Waits until the views have caught up and the plan's one-off warm-up after its install is over
     * ({@code tessera_plan_warm}), so that the load measured is the steady state of upkeep.
     */
    private static void awaitViews(HttpClient client, String baseUrl) throws Exception {
        long deadline = System.nanoTime() + 90_000_000_000L;
        while (System.nanoTime() < deadline
                && !(metric(client, baseUrl, "tessera_view_lag_seconds") <= 60
                        && metric(client, baseUrl, "tessera_plan_warm") != 0)) {
            Thread.sleep(200);
        }
    }

    /** The CPU time process {@code pid} has taken so far, in seconds; NaN where the system does not say. */
    private static double cpuSeconds(long pid) {
        return ProcessHandle.of(pid)
                .flatMap(p -> p.info().totalCpuDuration())
                .map(c -> c.toNanos() / 1e9)
                .orElse(Double.NaN);
    }

    /** The value of an unlabelled metric on Tessera's {@code /metrics}; NaN when it is not there. */
    private static double metric(HttpClient client, String baseUrl, String name) throws Exception {
        String text = client.send(
                        HttpRequest.newBuilder(URI.create(baseUrl + "/metrics")).build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        for (String line : text.split("\n")) {
            if (line.startsWith(name + " ")) {
                return Double.parseDouble(line.substring(name.length() + 1).trim());
            }
        }
        return Double.NaN;
    }

    /** Six pane views over the two Scans, an evaluation-grid view of four of the queries and, with {@code curve}, a curve view of one. */
    static InstallablePlan views(boolean curve) {
        DagBuilder b = new DagBuilder();
        int[] roots = PromqlLowering.lowerRoots(b, QUERIES);
        PhysicalDag lowered = b.build();
        for (int id = 0; id < lowered.size(); id++) {
            if (lowered.node(id) instanceof Scan scan) {
                boolean gauge = scan.matchers().getFirst().value().equals("x");
                long pane = gauge ? AccelPlan.GAUGE_PANE_MS : AccelPlan.COUNTER_PANE_MS;
                int range = b.add(new TimeRange(id, TimeRange.Kind.RANGE, pane));
                for (StateFamily family : gauge
                        ? List.of(StateFamily.KLL, StateFamily.SUM, StateFamily.COUNT, StateFamily.AVG, StateFamily.MAX)
                        : List.of(StateFamily.COUNTER)) {
                    StateSpec spec = family == StateFamily.KLL
                            ? new StateSpec(family, Map.of("k", (double) AccelPlan.KLL_K))
                            : StateSpec.of(family);
                    b.add(new PaneState(
                            range,
                            spec,
                            Grouping.PER_SERIES,
                            new Materialization(Materialization.Mode.AT_INGESTION, pane, 0, 2 * HOUR)));
                }
            }
        }
        for (int i : new int[] {0, 1, 6, 7}) {
            long every = i < 2 ? 60_000 : 15_000;
            b.add(new PaneState(
                    roots[i],
                    StateSpec.of(StateFamily.LAST),
                    Grouping.PER_SERIES,
                    new Materialization(Materialization.Mode.AT_INGESTION, every, 0, 20 * every)));
        }
        // and the curve an unaligned panel of the sum reads (kept 1 h 11 min, as the planner keeps it for a 1 h range)
        if (curve) {
            b.add(new PaneState(
                    roots[6],
                    StateSpec.of(StateFamily.CURVE),
                    Grouping.PER_SERIES,
                    new Materialization(Materialization.Mode.AT_INGESTION, 60_000, 0, HOUR + 11 * 60_000)));
        }
        PhysicalDag withViews = b.build();
        return InstallablePlan.of(ViewMatcher.rewriteAll(withViews, MaterializedViews.of(withViews)), QUERIES);
    }
}
