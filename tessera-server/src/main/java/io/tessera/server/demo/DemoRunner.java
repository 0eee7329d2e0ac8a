package io.tessera.server.demo;

import io.tessera.core.Durations;
import io.tessera.ingest.views.ViewProgress;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.plan.ViewValue;
import io.tessera.plan.planner.PlanResult;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.planner.ViewSummary;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ServerConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code tessera demo}: a real Tessera server on its embedded defaults, a built-in dashboard
 * workload planned by the {@link Planner} and installed, generated history fed over remote
 * write, the example queries answered as deployed and with {@code accelerate=false} side by
 * side, then live data every scrape interval until {@link #stop()} (Ctrl-C) or the duration ends.
 */
public final class DemoRunner {

    /**
     * @param series      about this many series (whole instances of {@link DemoData#SERIES_PER_INSTANCE})
     * @param historyMs   generated history before now
     * @param durationMs  how long to keep running after the examples; 0 until stopped
     * @param listen      host:port of the server
     */
    public record Options(int series, long historyMs, long intervalMs, long durationMs, String listen, long seed) {
        public static final Options DEFAULTS = new Options(3_000, 4 * HOUR, 15_000, 0, ServerConfig.DEFAULT_LISTEN, 42);
    }

    /** What the demo did, for its test. */
    public record Result(List<DemoExample> examples, long samplesFed, int views) {}

    static final String WORKLOAD = "workload.yaml";
    private static final long HOUR = 3_600_000;
    private static final long MINUTE = 60_000;
    private static final long STATUS_EVERY_MS = 60_000;

    private final Options options;
    private final PrintStream out;
    private final CountDownLatch stop = new CountDownLatch(1);

    public DemoRunner(Options options, PrintStream out) {
        this.options = options;
        this.out = out;
    }

    /** Ends {@link #run()} at its next tick; safe from any thread, e.g. a shutdown hook. */
    public void stop() {
        stop.countDown();
    }

    public Result run() throws IOException, InterruptedException {
        long started = System.nanoTime();
        Workload workload = Workload.parse(builtInWorkload());
        PlanResult plan = Planner.plan(workload);
        ServerConfig config = ServerConfig.DEFAULTS.withListen(options.listen());
        try (TesseraServer server = TesseraServer.start(config)) {
            String base = "http://" + server.address();
            out.println("Tessera demo: 'tessera serve' on its embedded defaults (in memory) at " + base);
            printPlan(plan, workload);
            server.install(plan.plan());

            DemoData data = new DemoData(options.series(), options.intervalMs(), options.seed());
            long now = System.currentTimeMillis();
            long firstGrid = Math.floorDiv(now - options.historyMs(), options.intervalMs()) * options.intervalMs();
            long nextGrid = Math.floorDiv(now, options.intervalMs()) * options.intervalMs();
            long began = System.nanoTime();
            try (DemoFeed feed = new DemoFeed(data, base);
                    DemoQueries queries = new DemoQueries(base)) {
                out.printf(
                        Locale.ROOT,
                        "%nfeeding %s of history over remote write: %,d series (%d instances: request counters,"
                                + " a latency gauge, a classic histogram of %d buckets), one scrape every %s%n",
                        Durations.format(options.historyMs()),
                        data.series(),
                        data.instances,
                        DemoData.LE.length,
                        Durations.format(options.intervalMs()));
                feed.history(firstGrid, nextGrid);
                double loadSeconds = (System.nanoTime() - began) / 1e9;
                long t0 = System.nanoTime();
                int panes = server.runIngestionRuns();
                out.printf(
                        Locale.ROOT,
                        "  %,d samples in %.1f s (%,.0f samples/s); ingestion runs built %,d panes in %.1f s%n",
                        feed.samples(),
                        loadSeconds,
                        feed.samples() / loadSeconds,
                        panes,
                        (System.nanoTime() - t0) / 1e9);

                printWhereToPoint(base, workload);
                List<DemoExample> examples = examples(queries, workload, plan, nextGrid, started);
                printInfos(examples);
                live(server, feed, queries, nextGrid);
                return new Result(
                        examples,
                        feed.samples(),
                        plan.plan().materializedViews().size());
            }
        }
    }

    private List<DemoExample> examples(
            DemoQueries queries, Workload workload, PlanResult plan, long nowGrid, long started)
            throws IOException, InterruptedException {
        Set<Integer> served = new HashSet<>();
        PhysicalDag dag = plan.plan().dag();
        for (int i = 0; i < dag.roots().size(); i++) {
            if (readsAView(dag, dag.roots().get(i))) {
                served.add(i);
            }
        }
        List<DemoExample> examples = new ArrayList<>();
        // The newest pane is built once the allowed lateness has passed, and the oldest the views keep is
        // their retention before the newest sample: the examples end a minute back and span a little less.
        long end = Math.floorDiv(nowGrid - MINUTE, MINUTE) * MINUTE;
        WorkloadQuery first = workload.queries().getFirst();
        long span = first.rangeMs() - 10 * MINUTE;
        out.printf(
                Locale.ROOT,
                "%nexample queries: the dashboard's panels over the %s before %s at %s steps, answered by the"
                        + " same server as deployed (views where they cover the query) and with accelerate=false (exactly"
                        + " from raw data); median of 5 runs each%n",
                Durations.format(span),
                java.time.Instant.ofEpochMilli(end),
                Durations.format(first.stepMs()));
        int width = 0;
        for (WorkloadQuery q : workload.queries()) {
            width = Math.max(width, q.query().length());
        }
        String format = "%-4s %-" + width + "s  %-8s %12s %12s %9s  %s%n";
        out.printf(
                Locale.ROOT, format, "", "query", "answered", "accelerated", "exact", "speed-up", "largest difference");
        for (int i = 0; i < workload.queries().size(); i++) {
            WorkloadQuery q = workload.queries().get(i);
            long step = q.stepMs();
            long qEnd = Math.floorDiv(end, step) * step;
            DemoExample e =
                    queries.range(q.query(), served.contains(i), qEnd - Math.min(span, q.rangeMs()), qEnd, step);
            examples.add(e);
            out.printf(
                    Locale.ROOT,
                    format,
                    "[" + (i + 1) + "]",
                    e.query(),
                    e.fromView() ? "view" : "exact",
                    String.format(Locale.ROOT, "%.1f ms", e.acceleratedMs()),
                    String.format(Locale.ROOT, "%.1f ms", e.exactMs()),
                    String.format(Locale.ROOT, "%.1fx", e.exactMs() / e.acceleratedMs()),
                    String.format(Locale.ROOT, "%.1e relative over %,d points", e.maxRelativeError(), e.points()));
            if (i == 0) {
                out.printf(
                        Locale.ROOT,
                        "     (first answer %.1f s after the demo started)%n",
                        (System.nanoTime() - started) / 1e9);
            }
        }
        return examples;
    }

    private void live(TesseraServer server, DemoFeed feed, DemoQueries queries, long nextGrid)
            throws IOException, InterruptedException {
        long deadline = options.durationMs() > 0 ? System.currentTimeMillis() + options.durationMs() : Long.MAX_VALUE;
        out.printf(
                Locale.ROOT,
                "%nlive: one scrape of every series each %s; %s%n",
                Durations.format(options.intervalMs()),
                options.durationMs() > 0
                        ? "ending after " + Durations.format(options.durationMs())
                        : "Ctrl-C ends the demo");
        long grid = nextGrid;
        long nextStatus = System.currentTimeMillis() + STATUS_EVERY_MS;
        while (true) {
            long now = System.currentTimeMillis();
            while (grid <= now) {
                feed.scrape(grid);
                grid += options.intervalMs();
            }
            if (now >= nextStatus) {
                long lag = server.maintainer().progress().stream()
                        .mapToLong(ViewProgress::lagMs)
                        .max()
                        .orElse(0);
                long panes = server.maintainer().progress().stream()
                        .mapToLong(ViewProgress::panesBuilt)
                        .sum();
                out.printf(
                        Locale.ROOT,
                        "  live: %,d samples fed in all, %,d panes built, view lag %d s%n",
                        feed.samples(),
                        panes,
                        lag / 1000);
                nextStatus = now + STATUS_EVERY_MS;
            }
            long wait = Math.min(grid, Math.min(deadline, nextStatus)) - System.currentTimeMillis();
            if (System.currentTimeMillis() >= deadline || stop.await(Math.max(1, wait), TimeUnit.MILLISECONDS)) {
                out.println("demo ended: server stopped");
                return;
            }
        }
    }

    /** Whether the installed DAG answers {@code id} from a view anywhere below it. */
    private static boolean readsAView(PhysicalDag dag, int id) {
        PlanNode node = dag.node(id);
        if (node instanceof ViewRangeFunction || node instanceof ViewValue) {
            return true;
        }
        for (int input : node.inputs()) {
            if (readsAView(dag, input)) {
                return true;
            }
        }
        return false;
    }

    private void printPlan(PlanResult plan, Workload workload) {
        out.printf(
                Locale.ROOT,
                "built-in workload: %d dashboard queries, planned by the planner (estimates: %,d series per"
                        + " selector, a scrape every %s)%n",
                workload.queries().size(),
                workload.seriesPerSelector(),
                Durations.format(workload.scrapeIntervalMs()));
        double memory = 0;
        for (ViewSummary v : plan.explanation().candidates()) {
            if (v.chosen()) {
                memory += v.memoryBytes();
                out.printf(
                        Locale.ROOT,
                        "  view %s: %s over %s, %s panes, %s, retention %s, about %.1f MiB; serves %s%n",
                        shortId(v.definitionId()),
                        v.state().family(),
                        v.source(),
                        Durations.format(v.paneMs()),
                        v.mode(),
                        Durations.format(v.retentionMs()),
                        v.memoryBytes() / 1048576.0,
                        queryNumbers(v.servedQueries()));
            } else {
                out.printf(
                        Locale.ROOT,
                        "  no view for %s over %s (%s): answered exactly at query time, it is cheaper%n",
                        v.state().family(),
                        v.source(),
                        queryNumbers(v.servedQueries()));
            }
        }
        for (String line : plan.explanation().text().split("\n")) {
            if (line.startsWith("evaluation-grid view")) {
                out.println("  " + line);
            }
        }
        out.printf(
                Locale.ROOT,
                "  %d views, about %.1f MiB of state in all (the planner's estimate for pane views)%n",
                plan.plan().materializedViews().size(),
                memory / 1048576.0);
        for (int i = 0; i < workload.queries().size(); i++) {
            out.printf(
                    Locale.ROOT, "  [%d] %s%n", i + 1, workload.queries().get(i).query());
        }
    }

    private void printWhereToPoint(String base, Workload workload) {
        String example = workload.queries().getFirst().query();
        out.printf(Locale.ROOT, "%nGrafana: add a Prometheus data source with URL %s%n", base);
        out.printf(Locale.ROOT, "curl:    curl -s %s/api/v1/query --data-urlencode 'query=%s'%n", base, example);
        out.println("         add --data-urlencode accelerate=false for the exact answer from raw data; the response's"
                + " \"infos\" say when a view answered");
    }

    private void printInfos(List<DemoExample> examples) {
        for (DemoExample e : examples) {
            if (!e.info().isEmpty()) {
                out.println("  " + e.info());
            }
        }
    }

    private static String shortId(String definitionId) {
        String hex = definitionId.substring(definitionId.indexOf(':') + 1);
        return hex.substring(0, Math.min(12, hex.length()));
    }

    private static String queryNumbers(List<Integer> indexes) {
        List<String> n = new ArrayList<>();
        for (int i : indexes) {
            n.add("[" + (i + 1) + "]");
        }
        return String.join(" ", n);
    }

    static String builtInWorkload() {
        try (InputStream in = DemoRunner.class.getResourceAsStream(WORKLOAD)) {
            if (in == null) {
                throw new IllegalStateException(
                        "the demo's workload resource " + WORKLOAD + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
