package io.tessera.server.durability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.tessera.core.FileTrees;
import io.tessera.core.Labels;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.QueryResult;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.server.ExactAnswers;
import io.tessera.server.LatencyAndRequests;
import io.tessera.server.LoopbackServers;
import io.tessera.server.ServerHttp;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ServerConfig;
import io.tessera.sketch.StateFamily;
import io.tessera.store.StoreDataStore;
import io.tessera.store.wal.CorruptionException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Views of a server with a data directory across clean restarts, late data and damaged view
 * files: after each restart the accelerated answers (responses that say "answered from view")
 * equal the exact engine's over the recovered raw data, and whatever could not be trusted is
 * either built again from raw data or answered exactly.
 */
class DurableViewsTest {

    static final long T0 = 1_767_225_600_000L;
    static final long PANE = 60_000;
    static final long SPAN = 40 * PANE;
    static final List<String> QUERIES = List.of(
            "sum_over_time(latency[10m])",
            "count_over_time(latency[10m])",
            "max_over_time(latency[10m])",
            "avg_over_time(latency[10m])",
            "quantile_over_time(0.9, latency[10m])",
            "rate(requests_total[5m])");

    @TempDir
    Path tmp;

    private ServerConfig config() {
        return config(tmp.resolve("data"));
    }

    static ServerConfig config(Path dataDir) {
        return LoopbackServers.config("""
                storage:
                  retention: 100y
                  snapshot_interval: 1h
                  out_of_order_window: 1h
                acceleration:
                  allowed_lateness: 5s
                """).withDataDir(dataDir.toString());
    }

    static InstallablePlan plan() {
        return ViewPlans.plan(
                QUERIES,
                List.of(StateFamily.SUM, StateFamily.COUNT, StateFamily.MAX, StateFamily.AVG, StateFamily.KLL),
                List.of("requests_total"),
                PANE,
                100L * 365 * 24 * 3600 * 1000);
    }

    static String data(long from, long to, int seed) {
        return LatencyAndRequests.exposition(seed, 12, from, to - from, false);
    }

    @Test
    void viewsComeBackAfterACleanRestartWithoutBeingBuiltAgain() throws Exception {
        Map<String, String> before = new HashMap<>();
        try (TesseraServer server = TesseraServer.start(config())) {
            ServerHttp.importText(server.address(), data(T0, T0 + SPAN, 3));
            ServerHttp.installPlan(server.address(), InstallablePlanCodec.toJson(plan()));
            server.runIngestionRuns();
            assertThat(ServerHttp.metric(server.address(), "tessera_view_panes_built_total"))
                    .isGreaterThan(30 * 6);
            for (String q : QUERIES) {
                before.put(q, checkAgainstExact(server, q, T0 + SPAN - 61_234, true));
            }
        }
        try (TesseraServer server = TesseraServer.start(config())) {
            assertThat(server.installedPlan())
                    .as("the plan comes back from the data directory")
                    .isNotNull();
            assertThat(server.installedPlan().queryTexts()).isEqualTo(QUERIES);
            assertThat(ServerHttp.metric(server.address(), "tessera_view_recovered_views"))
                    .isEqualTo(plan().materializedViews().size());
            assertThat(ServerHttp.metric(server.address(), "tessera_view_recovered_states"))
                    .isGreaterThan(1000);
            assertThat(ServerHttp.metric(server.address(), "tessera_view_files"))
                    .isEqualTo(plan().materializedViews().size());
            assertThat(ServerHttp.metric(server.address(), "tessera_view_file_bytes"))
                    .isGreaterThan(0);
            server.runIngestionRuns();
            assertThat(ServerHttp.metric(server.address(), "tessera_view_panes_built_total"))
                    .as("no pane is built again")
                    .isZero();
            for (String q : QUERIES) {
                assertThat(checkAgainstExact(server, q, T0 + SPAN - 61_234, true))
                        .as(q)
                        .isEqualTo(before.get(q));
            }
            // more data after the restart extends the views from where they stopped
            ServerHttp.importText(server.address(), data(T0 + SPAN, T0 + 2 * SPAN, 4));
            server.runIngestionRuns();
            assertThat(ServerHttp.metric(server.address(), "tessera_view_panes_built_total"))
                    .isGreaterThan(30 * 6);
            for (String q : QUERIES) {
                checkAgainstExact(server, q, T0 + SPAN + 5 * 60_000 + 777, true);
            }
        }
        try (TesseraServer server = TesseraServer.start(config())) {
            assertThat(ServerHttp.metric(server.address(), "tessera_view_files"))
                    .as("one more file per view")
                    .isEqualTo(2.0 * plan().materializedViews().size());
            server.runIngestionRuns();
            assertThat(ServerHttp.metric(server.address(), "tessera_view_panes_built_total"))
                    .isZero();
            for (String q : QUERIES) {
                checkAgainstExact(server, q, T0 + SPAN + 5 * 60_000 + 777, true);
                checkAgainstExact(server, q, T0 + 2 * SPAN - 60_500, true);
            }
        }
    }

    @Test
    void panesThatLateSamplesReachedAreRebuiltAcrossRestartsAndCrashes() throws Exception {
        long late = T0 + SPAN - 4 * PANE + 30_001;
        String window = "sum_over_time(latency[2m])";
        try (TesseraServer server = TesseraServer.start(config())) {
            ServerHttp.post(server.address(), "/api/v1/import/prometheus", data(T0, T0 + SPAN, 5));
            ServerHttp.post(server.address(), "/api/v1/plan", InstallablePlanCodec.toJson(plan()));
            server.runIngestionRuns();
            checkAgainstExact(server, window, late + 60_000, true);
            assertThat(ServerHttp.post(
                                    server.address(),
                                    "/api/v1/import/prometheus",
                                    "latency{job=\"j0\",instance=\"i0\"} 1000 " + late + "\n")
                            .statusCode())
                    .isEqualTo(204);
            // exactly until the pane is rebuilt, from the rebuilt pane after: equal either way
            checkAgainstExact(server, window, late + 60_000, null);
            server.runIngestionRuns();
            checkAgainstExact(server, window, late + 60_000, true);
        }
        long late2 = late - 2 * PANE;
        Path crashed = tmp.resolve("crashed");
        try (TesseraServer server = TesseraServer.start(config())) {
            // the saved copy of the rebuilt pane is older than the rebuild: it is rebuilt again
            checkAgainstExact(server, window, late + 60_000, null);
            server.runIngestionRuns();
            checkAgainstExact(server, window, late + 60_000, true);
            checkAgainstExact(server, window, late2 + 60_000, true);
            assertThat(ServerHttp.post(
                                    server.address(),
                                    "/api/v1/import/prometheus",
                                    "latency{job=\"j1\",instance=\"i1\"} 7 " + late2 + "\n")
                            .statusCode())
                    .isEqualTo(204);
            checkAgainstExact(server, window, late2 + 60_000, null);
            // what a crash now leaves on disk: the late sample is in the log, after the cut the saved views belong to
            FileTrees.copy(tmp.resolve("data"), crashed);
        }
        try (TesseraServer server = TesseraServer.start(config(crashed))) {
            assertThat(server.recovery().records())
                    .as("the late write is replayed from the log")
                    .isEqualTo(1);
            checkAgainstExact(server, window, late2 + 60_000, null);
            checkAgainstExact(server, window, late + 60_000, null);
            checkAgainstExact(server, window, late - 5 * PANE + 1, true);
            server.runIngestionRuns();
            checkAgainstExact(server, window, late2 + 60_000, true);
            checkAgainstExact(server, window, late + 60_000, true);
            assertThat(ServerHttp.metric(server.address(), "tessera_view_panes_built_total"))
                    .as("nothing built again but the panes late data reached")
                    .isZero();
            assertThat(ServerHttp.metric(server.address(), "tessera_view_panes_rebuilt_total"))
                    .isPositive();
        }
    }

    @Test
    void viewsSavedAtAnOlderCutThanTheRawSnapshotAreBuiltAgain() throws Exception {
        Path data = tmp.resolve("data");
        loadAndStop(data(T0, T0 + SPAN / 2, 12), true);
        Path older = tmp.resolve("older");
        FileTrees.copy(data.resolve("views"), older);
        loadAndStop(data(T0 + SPAN / 2, T0 + SPAN, 13), false);
        // a crash after the raw snapshot was committed and before the views were saved with it
        Path views = data.resolve("views");
        try (Stream<Path> walk = Files.walk(views)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
        FileTrees.copy(older, views);
        try (TesseraServer server = TesseraServer.start(config())) {
            assertEveryPaneIsBuiltAgain(server);
            for (String q : QUERIES) {
                checkAgainstExact(server, q, T0 + SPAN / 2 - 60_500, true);
                checkAgainstExact(server, q, T0 + SPAN - 60_500, true);
            }
        }
    }

    /**
     * Starts a server on the data directory, imports {@code text}, installs the plan first when
     * {@code installPlan}, runs the ingestion runs and stops the server.
     */
    private void loadAndStop(String text, boolean installPlan) throws Exception {
        try (TesseraServer server = TesseraServer.start(config())) {
            ServerHttp.post(server.address(), "/api/v1/import/prometheus", text);
            if (installPlan) {
                ServerHttp.post(server.address(), "/api/v1/plan", InstallablePlanCodec.toJson(plan()));
            }
            server.runIngestionRuns();
        }
    }

    /** No view comes back from the files: the ingestion runs build all their panes again. */
    private static void assertEveryPaneIsBuiltAgain(TesseraServer server) throws Exception {
        assertThat(ServerHttp.metric(server.address(), "tessera_view_recovered_views"))
                .isZero();
        server.runIngestionRuns();
        assertThat(ServerHttp.metric(server.address(), "tessera_view_panes_built_total"))
                .as("every pane is built again")
                .isGreaterThanOrEqualTo(6 * 39);
    }

    @Test
    void aPlanSwapRetiresTheViewsItDropsAndDeletesTheirFiles() throws Exception {
        loadAndStop(data(T0, T0 + SPAN, 11), true);
        Path views = tmp.resolve("data").resolve("views");
        assertThat(viewDirectories(views)).hasSize(plan().materializedViews().size());
        InstallablePlan smaller = ViewPlans.plan(
                List.of("sum_over_time(latency[10m])"),
                List.of(StateFamily.SUM),
                List.of(),
                PANE,
                100L * 365 * 24 * 3600 * 1000);
        String kept = smaller.materializedViews().getFirst().definitionId();
        assertThat(plan().materializedViews())
                .anySatisfy(v -> assertThat(v.definitionId()).isEqualTo(kept));
        try (TesseraServer server = TesseraServer.start(config())) {
            ServerHttp.installPlan(server.address(), InstallablePlanCodec.toJson(smaller));
        }
        assertThat(viewDirectories(views)).containsExactly(kept.replace(":", "%3A"));
        try (TesseraServer server = TesseraServer.start(config())) {
            assertThat(server.installedPlan().queryTexts()).containsExactly("sum_over_time(latency[10m])");
            assertThat(ServerHttp.metric(server.address(), "tessera_view_recovered_views"))
                    .isEqualTo(1);
            checkAgainstExact(server, "sum_over_time(latency[10m])", T0 + SPAN - 61_234, true);
            server.runIngestionRuns();
            assertThat(ServerHttp.metric(server.address(), "tessera_view_panes_built_total"))
                    .isZero();
        }
    }

    private static List<String> viewDirectories(Path views) throws Exception {
        try (Stream<Path> list = Files.list(views)) {
            return list.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .toList();
        }
    }

    @Test
    void damagedViewFilesAreDiscardedAndTheirPanesBuiltAgain() throws Exception {
        loadAndStop(data(T0, T0 + SPAN / 2, 7), true);
        loadAndStop(data(T0 + SPAN / 2, T0 + SPAN, 8), false);
        List<Path> files = viewFiles();
        assertThat(files).hasSize(2 * plan().materializedViews().size());
        Path first = files.getFirst();
        byte[] bytes = Files.readAllBytes(first);
        bytes[bytes.length / 2] ^= 0x40;
        Files.write(first, bytes);
        Path second = files.get(3);
        byte[] cut = Files.readAllBytes(second);
        Files.write(second, java.util.Arrays.copyOf(cut, cut.length - 5));
        try (TesseraServer server = TesseraServer.start(config())) {
            assertThat(ServerHttp.metric(server.address(), "tessera_view_files_discarded_total"))
                    .isGreaterThanOrEqualTo(2);
            server.runIngestionRuns();
            assertThat(ServerHttp.metric(server.address(), "tessera_view_panes_built_total"))
                    .as("the discarded panes are built again from raw data")
                    .isGreaterThanOrEqualTo(2 * 20);
            for (String q : QUERIES) {
                checkAgainstExact(server, q, T0 + SPAN / 2 - 60_500, true);
                checkAgainstExact(server, q, T0 + SPAN - 60_500, true);
            }
        }
        Path manifest = tmp.resolve("data").resolve("views").resolve("MANIFEST");
        byte[] m = Files.readAllBytes(manifest);
        m[20] ^= 1;
        Files.write(manifest, m);
        try (TesseraServer server = TesseraServer.start(config())) {
            assertEveryPaneIsBuiltAgain(server);
            for (String q : QUERIES) {
                checkAgainstExact(server, q, T0 + SPAN - 60_500, true);
            }
        }
        Path planFile = tmp.resolve("data").resolve("views").resolve("PLAN");
        byte[] p = Files.readAllBytes(planFile);
        p[p.length - 3] ^= 0x20;
        Files.write(planFile, p);
        assertThatThrownBy(() -> TesseraServer.start(config()))
                .isInstanceOf(CorruptionException.class)
                .hasMessageContaining(planFile.toString())
                .hasMessageContaining("at byte offset");
    }

    private List<Path> viewFiles() throws Exception {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(tmp.resolve("data").resolve("views"))) {
            walk.filter(f -> f.getFileName().toString().matches("[0-9]{8}"))
                    .sorted()
                    .forEach(out::add);
        }
        out.sort((a, b) -> a.getFileName().compareTo(b.getFileName()));
        return out;
    }

    /**
     * Checks the server's instant answer to {@code query} at {@code t} against the exact engine
     * over its raw store, and whether it came from a view; returns the answer's JSON.
     */
    /** Checks the answer against the exact engine's, and that it came from a view or not ({@code fromView} null: either). */
    static String checkAgainstExact(TesseraServer server, String query, long t, Boolean fromView) throws Exception {
        JsonNode body = ServerHttp.getJson(
                server.address(), "/api/v1/query?query=" + ServerHttp.enc(query) + "&time=" + t / 1000.0);
        if (fromView == null) {
            assertThat(body.path("infos").toString()).as(query + " at " + t).isNotEmpty();
        } else if (fromView) {
            assertThat(body.path("infos").toString()).as(query + " at " + t).contains("answered from view");
        } else {
            assertThat(body.path("infos").toString()).as(query + " at " + t).doesNotContain("answered from view");
        }
        QueryResult exact = new PromqlEngine(PromqlEngine.Options.DEFAULTS)
                .instant(query, t, new StoreDataStore(server.rawStore()));
        double tolerance = query.startsWith("quantile") ? 0.02 : 1e-9;
        Map<Labels, Double> expected = ExactAnswers.assertVectorAgrees(
                query, body.path("data").path("result"), ((QueryResult.VectorResult) exact).samples(), tolerance);
        assertThat(expected).as(query + " has answers").isNotEmpty();
        return body.path("data").toString();
    }
}
