package io.tessera.server.accel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
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
import io.tessera.server.durability.ViewPlans;
import io.tessera.sketch.StateFamily;
import io.tessera.store.StoreDataStore;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Remote data in, views built by ingestion runs, queries answered over HTTP from the views, each
 * against the exact answer of the same engine over the same raw data.
 */
class AccelerationEndToEndTest {

    private static final long T0 = 1_767_225_600_000L;
    private static final long PANE = 60_000;
    private static final long SPAN = 40 * 60_000;
    private static final List<String> QUERIES = List.of(
            "sum_over_time(latency[10m])",
            "count_over_time(latency[10m])",
            "avg_over_time(latency[10m])",
            "max_over_time(latency[10m])",
            "min_over_time(latency[10m])",
            "stddev_over_time(latency[10m])",
            "rate(requests_total[10m])",
            "increase(requests_total[10m])",
            "sum by (job) (rate(requests_total[5m]))",
            "quantile_over_time(0.9, latency[10m])");

    private static TesseraServer server;

    @BeforeAll
    static void start() throws Exception {
        server = startWithViews(11, 30, true);
    }

    /**
     * A server with an allowed lateness of 5 s, the {@link LatencyAndRequests#exposition} of {@code series} series
     * over {@code (T0, T0 + SPAN)} imported, and the views of {@link #plan()} installed and built by
     * more than {@code series} ingestion runs.
     */
    static TesseraServer startWithViews(long seed, int series, boolean resets) throws Exception {
        TesseraServer server = LoopbackServers.start("""
                acceleration:
                  allowed_lateness: 5s
                """);
        ServerHttp.importText(server.address(), LatencyAndRequests.exposition(seed, series, T0, SPAN, resets));
        ServerHttp.installPlan(server.address(), InstallablePlanCodec.toJson(plan()));
        assertThat(server.runIngestionRuns()).isGreaterThan(series);
        return server;
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /** One view per metric and family the queries need, panes of one minute; queries rewritten to read them. */
    static InstallablePlan plan() {
        return ViewPlans.plan(
                QUERIES,
                List.of(
                        StateFamily.SUM,
                        StateFamily.COUNT,
                        StateFamily.AVG,
                        StateFamily.MAX,
                        StateFamily.MIN,
                        StateFamily.VARIANCE,
                        StateFamily.KLL),
                List.of("requests_total"),
                PANE,
                SPAN + PANE);
    }

    private static JsonNode get(String path) throws Exception {
        return ServerHttp.getJson(server.address(), path);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
    void instantQueriesAreAnsweredFromViewsAndAgreeWithTheExactEngine(int i) throws Exception {
        String query = QUERIES.get(i);
        long t = T0 + SPAN - 61_234;
        JsonNode body = get("/api/v1/query?query=" + ServerHttp.enc(query) + "&time=" + t / 1000.0);
        assertThat(body.path("infos").toString()).as(query).contains("answered from view");
        QueryResult exact = new PromqlEngine(PromqlEngine.Options.DEFAULTS)
                .instant(query, t, new StoreDataStore(server.rawStore()));
        ExactAnswers.assertVectorAgrees(
                query, body.path("data").path("result"), ((QueryResult.VectorResult) exact).samples(), 1e-9);
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 6, 8})
    void rangeQueriesReadTheViewOnceForTheirWholeGrid(int i) throws Exception {
        String query = QUERIES.get(i);
        long start = T0 + 15 * 60_000;
        long end = T0 + SPAN - 2 * 60_000;
        JsonNode body = get("/api/v1/query_range?query=" + ServerHttp.enc(query) + "&start=" + start / 1000 + "&end="
                + end / 1000 + "&step=60");
        assertThat(body.path("infos").toString()).as(query).contains("answered from view");
        QueryResult exact = new PromqlEngine(PromqlEngine.Options.DEFAULTS)
                .range(query, start, end, 60_000, new StoreDataStore(server.rawStore()));
        List<QueryResult.Series> series = ((QueryResult.MatrixResult) exact).series();
        assertThat(body.path("data").path("result").size()).isEqualTo(series.size());
        for (JsonNode r : body.path("data").path("result")) {
            Labels l = ServerHttp.labels(r.path("metric"));
            QueryResult.Series x = series.stream()
                    .filter(s -> s.labels().equals(l))
                    .findFirst()
                    .orElseThrow();
            assertThat(r.path("values").size()).isEqualTo(x.values().length);
            for (int k = 0; k < x.values().length; k++) {
                double a = Double.parseDouble(r.path("values").get(k).get(1).asText());
                assertThat(Math.abs(a - x.values()[k])).isLessThanOrEqualTo(1e-9 * Math.abs(x.values()[k]) + 1e-12);
            }
        }
    }
}
