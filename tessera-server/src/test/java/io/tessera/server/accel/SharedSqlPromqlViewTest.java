package io.tessera.server.accel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tessera.core.Labels;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.QueryResult;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.plan.planner.PlanResult;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.Workload;
import io.tessera.server.LoopbackServers;
import io.tessera.server.ServerHttp;
import io.tessera.server.TesseraServer;
import io.tessera.store.StoreDataStore;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One view for SQL and PromQL: {@code quantile_over_time(0.99, x[1h])} and
 * {@code SELECT job, quantile(0.99)(value) FROM x WHERE ts > now() - INTERVAL 1 HOUR GROUP BY job}
 * need the same per-series pane state of {@code x}; the planner makes one view of it, and both
 * queries, over HTTP, are answered from it — PromQL equal to the exact engine's answer, SQL to the
 * exact ({@code accelerate=false}) answer within the bound it states.
 *
 * <p>The SQL query's {@code now()} is the wall clock, so the samples run up to the test's start
 * with none in the five minutes after {@code start - 1h}: the two SQL runs' windows, a few
 * milliseconds apart, cut the same samples.
 */
class SharedSqlPromqlViewTest {

    private static final long H = 3_600_000;
    private static final String PROMQL = "quantile_over_time(0.99, x[1h])";
    private static final String SQL =
            "SELECT job, quantile(0.99)(value) AS p99 FROM x WHERE ts > now() - INTERVAL 1 HOUR "
                    + "GROUP BY job ORDER BY job";

    /** Conditions on labels: an equality narrows the Scan as PromQL's matcher does (one view of those series), other conditions filter series. */
    private static final String PROMQL_J1 = "quantile_over_time(0.99, x{job=\"j1\"}[1h])";

    private static final String SQL_J1 =
            "SELECT instance, quantile(0.99)(value) AS p99 FROM x WHERE ts > now() - INTERVAL 1 HOUR "
                    + "AND job = 'j1' GROUP BY instance ORDER BY instance";
    private static final String SQL_NOT_J1 =
            "SELECT job, quantile(0.99)(value) AS p99 FROM x WHERE ts > now() - INTERVAL 1 HOUR "
                    + "AND job <> 'j1' AND instance NOT IN ('i5') GROUP BY job ORDER BY job";

    private static TesseraServer server;
    private static long start;
    private static PlanResult planned;
    private static long[] last;

    @BeforeAll
    static void load() throws Exception {
        server = LoopbackServers.start("""
                acceleration:
                  allowed_lateness: 0s
                """);
        start = System.currentTimeMillis();
        Random random = new Random(3);
        StringBuilder text = new StringBuilder();
        int series = 9;
        last = new long[series];
        for (int s = 0; s < series; s++) {
            for (long t = start - 2 * H + random.nextInt(15_000); t < start - 1000; t += 15_000) {
                if (t > start - H && t < start - H + 300_000) {
                    continue;
                }
                text.append(sample(s, t, Math.exp(random.nextGaussian())));
                last[s] = t;
            }
        }
        HttpResponse<String> r = post("/api/v1/import/prometheus", text.toString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(204);
        planned = Planner.plan(Workload.parse("""
                series: 5000
                scrape_interval: 1s
                queries:
                  - query: quantile_over_time(0.99, x[1h])
                    every: 1m
                  - sql: "%s"
                    every: 1m
                  - query: %s
                    every: 1m
                  - sql: "%s"
                    every: 1m
                  - sql: "%s"
                    every: 1m
                """.formatted(SQL, PROMQL_J1, SQL_J1, SQL_NOT_J1)));
        HttpResponse<String> installed = post("/api/v1/plan", InstallablePlanCodec.toJson(planned.plan()));
        assertThat(installed.statusCode()).as(installed.body()).isEqualTo(200);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String sample(int s, long t, double v) {
        return "x{job=\"j" + s % 3 + "\",instance=\"i" + s + "\"} " + v + " " + t + "\n";
    }

    /** A sample of every series at the current time (moving the watermark), then the due ingestion runs. */
    private static void tick() throws Exception {
        while (System.currentTimeMillis() % 60_000 > 50_000) {
            Thread.sleep(1_000);
        }
        long now = System.currentTimeMillis();
        StringBuilder text = new StringBuilder();
        for (int s = 0; s < last.length; s++) {
            if (now > last[s]) {
                text.append(sample(s, now, 1.0 + s));
                last[s] = now;
            }
        }
        assertThat(post("/api/v1/import/prometheus", text.toString()).statusCode())
                .isEqualTo(204);
        server.runIngestionRuns();
    }

    @Test
    void thePlanHasOneViewPerSetOfSeriesServingBothLanguages() {
        List<MaterializedView> views = planned.plan().materializedViews();
        assertThat(views).as(planned.explanation().text()).hasSize(2);
        assertThat(planned.explanation().text()).contains("serves queries [0, 1, 4]", "serves queries [2, 3]");
    }

    @Test
    void sqlConditionsOnLabelsAreAnsweredFromTheViewsAsTheExactEngineAnswers() throws Exception {
        tick();
        long t = System.currentTimeMillis();
        JsonNode promql = get("/api/v1/query?query=" + ServerHttp.enc(PROMQL_J1) + "&time=" + t / 1000.0);
        String viewOfJ1 =
                promql.path("infos").toString().replaceAll(".*answered from view (sha256:[0-9a-f]{12}).*", "$1");
        assertThat(viewOfJ1).startsWith("sha256:");
        for (String query : List.of(SQL_J1, SQL_NOT_J1)) {
            JsonNode sql = sql(query, true);
            assertThat(sql.path("infos").toString()).as(query).contains("answered from view", "its groups where");
            if (query.equals(SQL_J1)) {
                assertThat(sql.path("infos").toString()).contains("answered from view " + viewOfJ1);
            }
            JsonNode exactSql = sql(query, false);
            assertThat(sql.path("approximate").asBoolean()).isFalse();
            assertThat(sql.path("rows").size())
                    .as(query)
                    .isEqualTo(query.equals(SQL_J1) ? 3 : 2)
                    .isEqualTo(exactSql.path("rows").size());
            for (int r = 0; r < sql.path("rows").size(); r++) {
                assertThat(sql.path("rows").get(r).get(0).asText())
                        .isEqualTo(exactSql.path("rows").get(r).get(0).asText());
                double a = sql.path("rows").get(r).get(1).asDouble();
                double x = exactSql.path("rows").get(r).get(1).asDouble();
                assertThat(a).as(query).isCloseTo(x, org.assertj.core.api.Assertions.within(1e-9 * Math.abs(x)));
            }
        }
    }

    @Test
    void bothQueriesAreAnsweredFromTheOneView() throws Exception {
        tick();
        String id = planned.plan().materializedViews().getFirst().definitionId().substring(0, 19);
        long t = System.currentTimeMillis();
        JsonNode promql = get("/api/v1/query?query=" + ServerHttp.enc(PROMQL) + "&time=" + t / 1000.0);
        assertThat(promql.path("infos").toString()).contains("answered from view " + id);
        QueryResult exact = new PromqlEngine(PromqlEngine.Options.DEFAULTS)
                .instant(PROMQL, t, new StoreDataStore(server.rawStore()));
        Map<Labels, Double> expected = new HashMap<>();
        for (QueryResult.Sample s : ((QueryResult.VectorResult) exact).samples()) {
            expected.put(s.labels(), s.value());
        }
        assertThat(promql.path("data").path("result").size()).isEqualTo(expected.size());
        for (JsonNode r : promql.path("data").path("result")) {
            double x = expected.get(ServerHttp.labels(r.path("metric")));
            assertThat(Double.parseDouble(r.path("value").get(1).asText()))
                    .isCloseTo(x, org.assertj.core.api.Assertions.within(1e-9 * Math.abs(x)));
        }

        JsonNode sql = sql(SQL, true);
        assertThat(sql.path("infos").toString()).contains("answered from view " + id);
        JsonNode exactSql = sql(SQL, false);
        assertThat(exactSql.path("infos").toString()).doesNotContain("answered from view");
        // each job's pane states still hold all their values (three series of 240 samples), so the
        // merged quantile is exact and its bound is none
        assertThat(sql.path("approximate").asBoolean()).isFalse();
        assertThat(sql.path("rows").size())
                .isEqualTo(3)
                .isEqualTo(exactSql.path("rows").size());
        for (int r = 0; r < 3; r++) {
            assertThat(sql.path("rows").get(r).get(0).asText())
                    .isEqualTo(exactSql.path("rows").get(r).get(0).asText());
            double a = sql.path("rows").get(r).get(1).asDouble();
            double x = exactSql.path("rows").get(r).get(1).asDouble();
            assertThat(a).isCloseTo(x, org.assertj.core.api.Assertions.within(1e-9 * Math.abs(x)));
        }
    }

    private static JsonNode sql(String query, boolean accelerate) throws Exception {
        return ServerHttp.sql(server.address(), query, accelerate);
    }

    private static HttpResponse<String> post(String path, String body) throws Exception {
        return ServerHttp.post(server.address(), path, body);
    }

    private static JsonNode get(String path) throws Exception {
        return ServerHttp.getJson(server.address(), path);
    }
}
