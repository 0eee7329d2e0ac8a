package io.tessera.server.accel;

import com.fasterxml.jackson.databind.JsonNode;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import io.tessera.server.durability.ChildServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * One seed of the fuzzer, from data to verdicts. A server over a data directory gets three hours
 * of data, plan A (the planner's for a random workload, plus forced views of every family at 1 m
 * panes), then live data, late data, plan B (another workload, forced views at 30 s panes), plan A
 * again, a clean restart, and — in a JVM of its own — more data and a SIGKILL restart. After each
 * event every query is asked at random times (and some as range queries), accelerated and with
 * {@code accelerate=false}, and the answers are judged by {@link OracleComparison}.
 */
final class FuzzScenario {

    static final long T0 = 1_767_225_600_000L;
    private static final long MINUTE = 60_000;
    private static final long HOUR = 60 * MINUTE;
    private static final long VIEW_RETENTION = 3 * HOUR;
    private static final int EXTRA_QUERIES = 24;
    private static final int INSTANTS_PER_QUERY = 2;

    private final long seed;
    private final Path dir;
    private final FuzzReport report;
    private final Random random;
    private final FuzzDataGenerator data;
    private final List<FuzzQuery> queries;
    private final List<String> selectors = new ArrayList<>();
    private String phase = "start";
    private JsonNode installedPlan;
    private boolean afterSwapBack;

    FuzzScenario(long seed, Path dir, FuzzReport report) {
        this.seed = seed;
        this.dir = dir;
        this.report = report;
        this.random = new Random(seed);
        long history = T0 + 3 * HOUR;
        this.data = new FuzzDataGenerator(random.nextLong(), T0, history + 3 * MINUTE + 17);
        this.queries =
                new FuzzQueries(new Random(random.nextLong()), T0 + 40 * MINUTE, history).generate(EXTRA_QUERIES);
        selectors.addAll(FuzzQueries.GAUGE_SELECTORS);
        selectors.addAll(FuzzQueries.COUNTER_SELECTORS);
    }

    void run() throws Exception {
        Path dataDir = dir.resolve("data");
        Files.createDirectories(dataDir);
        Path config = writeConfig(dataDir);
        FuzzPlans.Made planA = FuzzPlans.make(queries, selectors, MINUTE, VIEW_RETENTION, random);
        FuzzPlans.Made planB = FuzzPlans.make(queries, selectors, MINUTE / 2, VIEW_RETENTION, random);
        System.out.println("fuzz seed " + seed + ": " + queries.size() + " queries; plan A "
                + planA.plan().materializedViews().size()
                + " views (" + planA.workload().size() + " workload entries, " + planA.forcedViews()
                + " forced), plan B "
                + planB.plan().materializedViews().size() + " views");

        TesseraServer server = TesseraServer.start(ConfigLoader.parse(Files.readString(config)));
        try {
            FuzzClient client = new FuzzClient(server.address());
            client.write(data.advance(T0 + 3 * HOUR + 23_457));
            install(client, planA, "plan A");
            ingest(server);
            check(client, "plan A installed");

            client.write(data.advance(data.until() + 15 * MINUTE + 7_777));
            ingest(server);
            check(client, "plan A, live data");

            if (!skipped("late")) {
                client.write(data.late(6, true));
            }
            checkWhileLateDataArrives(client, "late data, panes not rebuilt");
            ingest(server);

            if (!skipped("swap")) {
                install(client, planB, "plan B");
            }
            client.write(data.advance(data.until() + 10 * MINUTE + 1_111));
            ingest(server);
            check(client, "plan B");

            if (!skipped("swap")) {
                install(client, planA, "plan A again");
                afterSwapBack = true;
            }
            client.write(data.advance(data.until() + 10 * MINUTE + 33_333));
            ingest(server);
            check(client, "plan A again");
        } finally {
            server.close();
        }

        if (!skipped("restart")) {
            server = TesseraServer.start(ConfigLoader.parse(Files.readString(config)));
            try {
                ingest(server);
                check(new FuzzClient(server.address()), "after a clean restart");
            } finally {
                server.close();
            }
        }
        if (!skipped("kill")) {
            crashAndRecover(config, dataDir);
        }
    }

    /** More data and late samples in a child server, SIGKILL while it works, a restart, and the checks. */
    private void crashAndRecover(Path config, Path dataDir) throws Exception {
        Path log = dir.resolve("child.log");
        ChildServer child = ChildServer.start(config, dataDir, log);
        try {
            FuzzClient client = new FuzzClient(child.address());
            client.write(data.advance(data.until() + 5 * MINUTE));
            client.awaitViewsIdle();
            client.write(data.advance(data.until() + 5 * MINUTE));
            client.write(data.late(6, true));
            Thread.sleep(200 + random.nextInt(1200));
        } finally {
            child.kill();
        }
        child = ChildServer.start(config, dataDir, log);
        try {
            FuzzClient client = new FuzzClient(child.address());
            FuzzClient.Answer plan = client.plan();
            if (plan.status() != 200 || plan.body() == null || !plan.body().equals(installedPlan)) {
                report.event(
                        seed,
                        "after SIGKILL",
                        "plan not back after SIGKILL: " + plan.status() + " "
                                + OracleComparison.abbreviate(plan.text()));
            }
            client.awaitViewsIdle();
            check(client, "after a SIGKILL restart");
        } finally {
            child.stop();
        }
    }

    /**
     * Events left out for triage: {@code -Dfuzz.skip=swap,late,restart,kill} (a discrepancy that
     * stays without an event was not caused by it).
     */
    private static boolean skipped(String event) {
        return java.util.Arrays.asList(System.getProperty("fuzz.skip", "").split(","))
                .contains(event);
    }

    private Path writeConfig(Path dataDir) throws Exception {
        Path config = dir.resolve("tessera.yaml");
        Files.writeString(config, """
                listen: 127.0.0.1:0
                data_dir: %s
                storage:
                  retention: 1000d
                  out_of_order_window: 3h
                  snapshot_interval: 2s
                acceleration:
                  allowed_lateness: 10s
                """.formatted(dataDir.toAbsolutePath()));
        return config;
    }

    private void install(FuzzClient client, FuzzPlans.Made plan, String name) throws Exception {
        phase = name;
        String json = InstallablePlanCodec.toJson(plan.plan());
        installedPlan = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        FuzzClient.Answer r = client.installPlan(json);
        if (r.status() != 200) {
            report.event(seed, name, "plan refused: " + r.status() + " " + OracleComparison.abbreviate(r.text()));
        }
    }

    /** Builds every due pane; a failing ingestion run is a finding, not a fuzzer error. */
    private void ingest(TesseraServer server) {
        try {
            int rounds = 0;
            while (server.runIngestionRuns() > 0 && rounds++ < 10_000) {
                Thread.onSpinWait();
            }
        } catch (RuntimeException e) {
            report.event(seed, phase, "ingestion run failed: " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    private void check(FuzzClient client, String phaseName) throws Exception {
        check(client, phaseName, -1);
    }

    /** The checks, with late samples written after every tenth query. */
    private void checkWhileLateDataArrives(FuzzClient client, String phaseName) throws Exception {
        check(client, phaseName, 10);
    }

    private void check(FuzzClient client, String phaseName, int lateEvery) throws Exception {
        phase = phaseName;
        FuzzTimes times = new FuzzTimes(random, T0, data.until());
        for (int i = 0; i < queries.size(); i++) {
            FuzzQuery q = queries.get(i);
            if (lateEvery > 0 && i % lateEvery == lateEvery - 1 && !skipped("late")) {
                client.write(data.late(3, false));
            }
            for (int k = 0; k < INSTANTS_PER_QUERY; k++) {
                FuzzTimes.Instant t = times.instant();
                FuzzClient.Answer accelerated = client.instant(q.text(), t.t(), true);
                FuzzClient.Answer exact = client.instant(q.text(), t.t(), false);
                judge(client, q, t.t(), t.kind(), t.kind() + " " + FuzzClient.seconds(t.t()), accelerated, exact);
            }
            if (i % 3 == seed % 3) {
                FuzzTimes.Range r = times.range();
                FuzzClient.Answer accelerated = client.range(q.text(), r, true);
                FuzzClient.Answer exact = client.range(q.text(), r, false);
                judge(
                        client,
                        q,
                        -1,
                        r.kind(),
                        r.kind() + " start=" + FuzzClient.seconds(r.start()) + " end=" + FuzzClient.seconds(r.end())
                                + " step=" + FuzzClient.seconds(r.step()),
                        accelerated,
                        exact);
            }
        }
        System.out.println(report.seedLine(seed) + " after " + phaseName);
    }

    /** Judges one pair; {@code t} is the instant, or −1 for a range query. */
    private void judge(
            FuzzClient client,
            FuzzQuery q,
            long t,
            String timeKind,
            String when,
            FuzzClient.Answer accelerated,
            FuzzClient.Answer exact)
            throws Exception {
        report.pair(seed, accelerated.fromView(), accelerated.notes(), timeKind);
        if (exact.fromView()) {
            discrepancy(
                    q, when, "exact answer claims a view", "", "accelerate=false answered from a view", exact.notes());
        }
        OracleComparison.Verdict v =
                OracleComparison.judge(q, accelerated, exact, (selector, at) -> population(client, selector, at));
        if (v.agrees()) {
            report.rankError(v.worstRankError());
        } else {
            discrepancy(
                    q,
                    when,
                    v.mismatch(),
                    v.series(),
                    v.detail() + rawWindow(client, q.text(), t, v.series()),
                    accelerated.notes());
        }
    }

    private void discrepancy(FuzzQuery q, String when, String mismatch, String series, String detail, String infos) {
        report.discrepancy(new FuzzReport.Discrepancy(
                seed, phase, afterSwapBack, q.text(), when, mismatch, series, detail, infos));
    }

    private static final java.util.regex.Pattern RANGE_SELECTOR = java.util.regex.Pattern.compile(
            "[a-z_]+(\\{[^}]*\\})?\\[[0-9a-z]+\\]( offset -?[0-9a-z]+| @ [0-9.]+| @ (start|end)\\(\\))*");

    /**
     * For a discrepancy at an instant in one series: the raw samples of the query's first range
     * selector in that series (time:value, at most 30), so a reader can recompute the answer.
     */
    private static String rawWindow(FuzzClient client, String query, long t, String series) throws Exception {
        java.util.regex.Matcher m = RANGE_SELECTOR.matcher(query);
        if (t < 0 || series == null || series.isEmpty() || !m.find()) {
            return "";
        }
        FuzzClient.Answer answer = client.instant(m.group(), t, false);
        if (answer.status() != 200) {
            return "";
        }
        String wanted = withoutName(series);
        for (JsonNode r : answer.body().path("data").path("result")) {
            if (withoutName(OracleComparison.labels(r.path("metric"))).equals(wanted)) {
                StringBuilder out = new StringBuilder("\n      raw " + m.group() + ": ");
                JsonNode values = r.path("values");
                for (int i = 0; i < Math.min(30, values.size()); i++) {
                    out.append(values.get(i).get(0).asText())
                            .append(':')
                            .append(values.get(i).get(1).asText())
                            .append(' ');
                }
                return out + (values.size() > 30 ? "… (" + values.size() + " samples)" : "");
            }
        }
        return "";
    }

    private static String withoutName(String labels) {
        return labels.replaceFirst("__name__=[^,}]*(, )?", "");
    }

    /** The raw samples of {@code rangeSelector} at {@code t}, exactly, per series without its metric name, sorted NaN first. */
    private static Map<String, double[]> population(FuzzClient client, String rangeSelector, long t) throws Exception {
        FuzzClient.Answer answer = client.instant(rangeSelector, t, false);
        Map<String, double[]> out = new HashMap<>();
        if (answer.status() != 200) {
            return out;
        }
        for (JsonNode r : answer.body().path("data").path("result")) {
            TreeMap<String, String> labels = new TreeMap<>();
            r.path("metric").fieldNames().forEachRemaining(n -> {
                if (!n.equals("__name__")) {
                    labels.put(n, r.path("metric").path(n).asText());
                }
            });
            JsonNode values = r.path("values");
            double[] v = new double[values.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = OracleComparison.value(values.get(i).get(1));
            }
            OracleComparison.sortNanFirst(v);
            out.put(labels.toString(), v);
        }
        return out;
    }
}
