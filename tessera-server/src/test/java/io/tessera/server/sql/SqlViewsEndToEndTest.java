package io.tessera.server.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.plan.planner.PlanResult;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.Workload;
import io.tessera.server.LoopbackServers;
import io.tessera.server.ServerHttp;
import io.tessera.server.TesseraServer;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * SQL views end to end: rows posted over HTTP, a plan made by the planner from a workload of SQL
 * queries and installed over HTTP, ingestion runs, then the workload's queries over
 * {@code /api/v1/sql} answered from the views — each against an in-process DuckDB holding the
 * same rows (exact families within 1e-9 relative, quantiles and distinct counts within the bound
 * the answer states) — and a late row answered exactly until its pane is rebuilt.
 *
 * <p>{@code now()} is the wall clock, so the rows are generated up to the start of the test with
 * no row within five minutes after {@code start - 1h} and {@code start - 2h}: a window's lower
 * edge, wherever the test's queries put it, then cuts the same rows in both engines. Before a
 * query, one row at the current time moves the table's watermark, so the panes up to now are built.
 */
class SqlViewsEndToEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final long H = 3_600_000;
    private static final long GAP = 300_000;
    private static final int ROWS = 240_000;
    private static final String[] HOSTS = {"h0", "h1", "h2", "h3", "h4"};
    private static final String[] REGIONS = {"eu", "us"};

    static final String P99 = "SELECT region, quantile(0.99)(latency) AS p99, median(latency) AS p50 FROM requests "
            + "WHERE ts > now() - INTERVAL 1 HOUR GROUP BY region ORDER BY region";
    static final String BYTES = "SELECT host, sum(bytes) AS total FROM requests WHERE ts > now() - INTERVAL 2 HOUR "
            + "GROUP BY host ORDER BY total DESC";
    static final String USERS = "SELECT region, approx_count_distinct(user) AS users FROM requests "
            + "WHERE ts > now() - INTERVAL 1 HOUR GROUP BY region ORDER BY region";
    static final String COUNTS =
            "SELECT host, region, count(latency) AS n FROM requests WHERE ts > now() - INTERVAL 1 HOUR "
                    + "GROUP BY host, region ORDER BY host, region";
    /** count(*) alone: the planner gives it a view counting the table's first measure. */
    static final String ROWS_BY_REGION =
            "SELECT region, count(*) AS n FROM requests WHERE ts > now() - INTERVAL 1 HOUR "
                    + "GROUP BY region ORDER BY region";

    static final String AVG = "SELECT host, avg(latency) AS a FROM requests WHERE ts > now() - INTERVAL 1 HOUR "
            + "GROUP BY host ORDER BY host";
    static final String EVENTS = "SELECT host, sum(latency) AS s FROM events WHERE ts > now() - INTERVAL 1 HOUR "
            + "GROUP BY host ORDER BY host";

    /** Conditions on dimensions: read from views keeping a state per value of the compared columns. */
    static final String EU_BYTES = "SELECT host, sum(bytes) AS total FROM requests WHERE ts > now() - INTERVAL 2 HOUR "
            + "AND region = 'eu' GROUP BY host ORDER BY host";

    static final String US_COUNTS = "SELECT host, count(latency) AS n FROM requests WHERE region IN ('us') "
            + "AND ts > now() - INTERVAL 1 HOUR GROUP BY host ORDER BY host";
    static final String SOME_HOSTS_P99 =
            "SELECT region, quantile(0.99)(latency) AS p99, median(latency) AS p50 FROM requests "
                    + "WHERE ts > now() - INTERVAL 1 HOUR AND host IN ('h0', 'h2', 'h3') GROUP BY region ORDER BY region";
    static final String SOME_HOSTS_USERS = "SELECT region, approx_count_distinct(user) AS users FROM requests "
            + "WHERE ts > now() - INTERVAL 1 HOUR AND NOT (host = 'h4' OR host = 'h1') GROUP BY region ORDER BY region";
    static final String EVENTS_BUT_ONE =
            "SELECT host, sum(latency) AS s FROM events WHERE ts > now() - INTERVAL 1 HOUR "
                    + "AND host <> 'h2' GROUP BY host ORDER BY host";
    static final String US_COUNTS_BUCKETED =
            "SELECT time_bucket(INTERVAL '10 minutes', ts) AS t, host, count(latency) AS n "
                    + "FROM requests WHERE ts > now() - INTERVAL 1 HOUR AND region = 'us' GROUP BY t, host ORDER BY t, host";

    private static TesseraServer server;
    private static Connection duck;
    private static long start;
    private static PlanResult planned;

    @BeforeAll
    static void load() throws Exception {
        server = LoopbackServers.start("""
                acceleration:
                  allowed_lateness: 0s
                tables:
                  - name: requests
                    time_column: ts
                    dimensions: [{name: host, type: STRING}, {name: region, type: STRING}, {name: user, type: STRING}]
                    measures: [{name: latency, type: DOUBLE}, {name: bytes, type: LONG}]
                  - name: events
                    time_column: ts
                    dimensions: [{name: host, type: STRING}]
                    measures: [{name: latency, type: DOUBLE}]
                """);
        duck = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = duck.createStatement()) {
            s.execute(
                    "CREATE TABLE raw_requests (ts_ms BIGINT, host VARCHAR, region VARCHAR, \"user\" VARCHAR, latency DOUBLE, "
                            + "bytes BIGINT)");
            s.execute("CREATE TABLE raw_events (ts_ms BIGINT, host VARCHAR, latency DOUBLE)");
            s.execute(
                    "CREATE VIEW requests AS SELECT epoch_ms(ts_ms) AS ts, host, region, \"user\", latency, bytes FROM raw_requests");
            s.execute("CREATE VIEW events AS SELECT epoch_ms(ts_ms) AS ts, host, latency FROM raw_events");
        }
        start = System.currentTimeMillis();
        Random random = new Random(7);
        long[] times = new long[ROWS];
        for (int i = 0; i < ROWS; i++) {
            long t;
            do {
                t = start - 3 * H + random.nextLong(3 * H - 1000);
            } while (inGap(t));
            times[i] = t;
        }
        java.util.Arrays.sort(times);
        int requests = 4;
        int per = ROWS / requests;
        try (DuckDBAppender insert =
                ((DuckDBConnection) duck).createAppender(DuckDBConnection.DEFAULT_SCHEMA, "raw_requests")) {
            for (int q = 0; q < requests; q++) {
                StringBuilder body = new StringBuilder();
                for (int i = q * per; i < (q + 1) * per; i++) {
                    String host = HOSTS[random.nextInt(HOSTS.length)];
                    String region = REGIONS[random.nextInt(REGIONS.length)];
                    String user = "u" + random.nextInt(3000);
                    double latency = Math.exp(random.nextGaussian()) * 100;
                    long bytes = random.nextLong(1_000_000);
                    body.append("{\"ts\":")
                            .append(times[i])
                            .append(",\"host\":\"")
                            .append(host)
                            .append("\",\"region\":\"")
                            .append(region)
                            .append("\",\"user\":\"")
                            .append(user)
                            .append("\",\"latency\":")
                            .append(latency)
                            .append(",\"bytes\":")
                            .append(bytes)
                            .append("}\n");
                    insert.beginRow();
                    insert.append(times[i]);
                    insert.append(host);
                    insert.append(region);
                    insert.append(user);
                    insert.append(latency);
                    insert.append(bytes);
                    insert.endRow();
                }
                postRows("requests", body.toString());
            }
        }
        StringBuilder events = new StringBuilder();
        try (PreparedStatement insert = duck.prepareStatement("INSERT INTO raw_events VALUES (?, ?, ?)")) {
            for (int i = 0; i < 2000; i++) {
                long t = start - 2 * H + i * (2 * H / 2000) + 17;
                if (inGap(t)) {
                    continue;
                }
                String host = HOSTS[i % HOSTS.length];
                double latency = 1 + (i % 97) * 0.25;
                events.append("{\"ts\":")
                        .append(t)
                        .append(",\"host\":\"")
                        .append(host)
                        .append("\",\"latency\":")
                        .append(latency)
                        .append("}\n");
                insertEvent(insert, t, host, latency);
            }
            insert.executeBatch();
        }
        postRows("events", events.toString());

        String workload = """
                sql_rows_per_second: 2000
                sql_groups: 5
                queries:
                """
                + String.join(
                        "",
                        java.util.stream.Stream.of(
                                        P99,
                                        BYTES,
                                        USERS,
                                        COUNTS,
                                        AVG,
                                        EVENTS,
                                        ROWS_BY_REGION,
                                        EU_BYTES,
                                        US_COUNTS,
                                        SOME_HOSTS_P99,
                                        SOME_HOSTS_USERS,
                                        EVENTS_BUT_ONE,
                                        US_COUNTS_BUCKETED)
                                .map(q -> "  - sql: \"" + q + "\"\n    every: 1m\n")
                                .toList());
        planned = Planner.plan(Workload.parse(workload, server.config().tableCatalog()));
        ServerHttp.installPlan(server.address(), InstallablePlanCodec.toJson(planned.plan()));
        tick();
    }

    @AfterAll
    static void close() throws Exception {
        duck.close();
        server.close();
    }

    private static boolean inGap(long t) {
        return (t > start - H && t < start - H + GAP) || (t > start - 2 * H && t < start - 2 * H + GAP);
    }

    private static void insertRequest(
            PreparedStatement insert, long t, String host, String region, String user, double latency, long bytes)
            throws Exception {
        insert.setLong(1, t);
        insert.setString(2, host);
        insert.setString(3, region);
        insert.setString(4, user);
        insert.setDouble(5, latency);
        insert.setLong(6, bytes);
        insert.addBatch();
    }

    private static void insertEvent(PreparedStatement insert, long t, String host, double latency) throws Exception {
        insert.setLong(1, t);
        insert.setString(2, host);
        insert.setDouble(3, latency);
        insert.addBatch();
    }

    /**
     * One row at the current time in both tables and both engines (away from a minute's end, so the
     * query after it falls in the same pane), then every due ingestion run.
     */
    private static synchronized void tick() throws Exception {
        while (System.currentTimeMillis() % 60_000 > 50_000) {
            Thread.sleep(1_000);
        }
        long now = System.currentTimeMillis();
        postRows(
                "requests",
                "{\"ts\":" + now + ",\"host\":\"h0\",\"region\":\"eu\",\"user\":\"u0\",\"latency\":1.5,\"bytes\":3}\n");
        postRows("events", "{\"ts\":" + now + ",\"host\":\"h0\",\"latency\":1.5}\n");
        try (PreparedStatement r = duck.prepareStatement("INSERT INTO raw_requests VALUES (?, ?, ?, ?, ?, ?)");
                PreparedStatement e = duck.prepareStatement("INSERT INTO raw_events VALUES (?, ?, ?)")) {
            insertRequest(r, now, "h0", "eu", "u0", 1.5, 3);
            r.executeBatch();
            insertEvent(e, now, "h0", 1.5);
            e.executeBatch();
        }
        server.runIngestionRuns();
    }

    private static void postRows(String table, String body) throws Exception {
        HttpResponse<String> r =
                ServerHttp.post(server.address(), "/api/v1/tables/" + table + "/rows", "application/x-ndjson", body);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    }

    static JsonNode sql(String query, boolean accelerate) throws Exception {
        return ServerHttp.sql(server.address(), query, accelerate);
    }

    /** DuckDB's answer: the query with its window's lower edge in the gap after {@code start - hours}. */
    private static List<Object[]> duck(String query) throws Exception {
        String edge = "TIMESTAMP '" + LocalDateTime.ofInstant(Instant.ofEpochMilli(start - H + GAP / 2), ZoneOffset.UTC)
                + "'";
        String edge2 = "TIMESTAMP '"
                + LocalDateTime.ofInstant(Instant.ofEpochMilli(start - 2 * H + GAP / 2), ZoneOffset.UTC) + "'";
        String q = query.replace("now() - INTERVAL 1 HOUR", edge)
                .replace("now() - INTERVAL 2 HOUR", edge2)
                .replace("quantile(0.99)(latency)", "quantile_cont(latency, 0.99)")
                .replace("median(latency)", "quantile_cont(latency, 0.5)")
                .replace("approx_count_distinct(user)", "count(DISTINCT \"user\")");
        List<Object[]> rows = new java.util.ArrayList<>();
        try (Statement s = duck.createStatement();
                ResultSet rs = s.executeQuery(q)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                Object[] row = new Object[n];
                for (int i = 0; i < n; i++) {
                    row[i] = rs.getObject(i + 1);
                }
                rows.add(row);
            }
        }
        return rows;
    }

    private static String viewIdOf(String family) {
        return planned.plan().materializedViews().stream()
                .filter(v -> v.state().state().family().name().equals(family))
                .map(MaterializedView::definitionId)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void thePlannerGivesEveryViewableQueryAViewAndSaysWhyNotForTheOther() {
        InstallablePlan plan = planned.plan();
        assertThat(plan.materializedViews())
                .as(planned.explanation().text())
                .extracting(v -> v.state().state().family().name())
                .containsExactlyInAnyOrder("KLL", "SUM", "DISTINCT", "COUNT", "SUM", "COUNT", "SUM", "KLL", "DISTINCT");
        assertThat(planned.explanation().text()).contains("SQL query [4]: no view keeps avg");
        // the filtered queries read views keyed by their group keys and the columns their conditions compare
        assertThat(plan.materializedViews())
                .extracting(v ->
                        v.state().state().family().name() + v.state().grouping().labels())
                .contains(
                        "SUM[host, region]",
                        "COUNT[host, region]",
                        "KLL[host, region]",
                        "DISTINCT[host, region]",
                        "SUM[host]");
        assertThat(server.installedPlan()).isEqualTo(plan);
    }

    @Test
    void aPlanWhoseTableViewReadsAnUndeclaredColumnIsRejectedAndTheInstalledPlanStays() throws Exception {
        io.tessera.core.TableCatalog other = io.tessera.core.TableCatalog.of(new io.tessera.core.TableSchema(
                "requests",
                "ts",
                List.of(new io.tessera.core.Column("zone", io.tessera.core.ColumnType.STRING)),
                List.of(new io.tessera.core.Column("latency", io.tessera.core.ColumnType.DOUBLE))));
        PlanResult foreign = Planner.plan(Workload.parse("""
                sql_rows_per_second: 2000
                queries:
                  - sql: "SELECT zone, sum(latency) FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY zone"
                    every: 1m
                """, other));
        assertThat(foreign.plan().materializedViews()).hasSize(1);
        HttpResponse<String> r =
                ServerHttp.post(server.address(), "/api/v1/plan", InstallablePlanCodec.toJson(foreign.plan()));
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("reads column zone of table requests, which the config does not declare");
        assertThat(server.installedPlan()).isEqualTo(planned.plan());
    }

    @Test
    void exactFamiliesFromViewsEqualDuckDb() throws Exception {
        tick();
        for (String query : List.of(BYTES, COUNTS, ROWS_BY_REGION, EU_BYTES, US_COUNTS, EVENTS_BUT_ONE)) {
            JsonNode answer = sql(query, true);
            assertThat(answer.path("infos").toString())
                    .as(query)
                    .contains("answered from view")
                    .contains(query.contains("AND") ? "its groups where" : "answered from view");
            assertThat(answer.path("approximate").asBoolean()).isFalse();
            List<Object[]> expected = duck(query);
            JsonNode rows = answer.path("rows");
            assertThat(rows.size()).as(query).isEqualTo(expected.size());
            for (int r = 0; r < expected.size(); r++) {
                Object[] x = expected.get(r);
                for (int c = 0; c < x.length; c++) {
                    JsonNode a = rows.get(r).get(c);
                    if (x[c] instanceof Number n) {
                        assertThat(a.asDouble())
                                .as(query + " row " + r)
                                .isCloseTo(
                                        n.doubleValue(),
                                        org.assertj.core.api.Assertions.within(1e-9 * Math.abs(n.doubleValue())));
                    } else {
                        assertThat(a.asText()).isEqualTo(String.valueOf(x[c]));
                    }
                }
            }
        }
        assertThat(sql(BYTES, true).path("infos").toString())
                .contains(viewIdOf("SUM").substring(0, 20));
    }

    @Test
    void quantilesFromTheViewAreWithinTheirStatedRankError() throws Exception {
        tick();
        JsonNode answer = sql(P99, true);
        assertThat(answer.path("infos").toString()).contains("answered from view " + viewIdOf("KLL"));
        assertWithinRankError(answer, "");
        JsonNode someHosts = sql(SOME_HOSTS_P99, true);
        assertThat(someHosts.path("infos").toString())
                .contains("answered from view", "its groups where", "host\\\" IN ('h0', 'h2', 'h3')");
        // three hosts' panes hold more values than are gathered exactly: the merged sketch answers
        assertWithinRankError(someHosts, " AND host IN ('h0', 'h2', 'h3')");
    }

    /** Each region's p99 and p50 of {@code answer} within its stated rank error of the rows that also meet {@code condition}. */
    private static void assertWithinRankError(JsonNode answer, String condition) throws Exception {
        assertThat(answer.path("approximate").asBoolean()).isTrue();
        double bound = answer.path("error_bound").path("error").asDouble();
        assertThat(bound).isGreaterThan(0).isLessThan(0.02);
        String edge = "TIMESTAMP '" + LocalDateTime.ofInstant(Instant.ofEpochMilli(start - H + GAP / 2), ZoneOffset.UTC)
                + "'";
        assertThat(answer.path("rows").size()).isEqualTo(2);
        for (JsonNode row : answer.path("rows")) {
            String region = row.get(0).asText();
            double[] fractions = {0.99, 0.5};
            for (int k = 0; k < 2; k++) {
                double v = row.get(k + 1).asDouble();
                try (PreparedStatement s =
                        duck.prepareStatement("SELECT avg(CASE WHEN latency < ? THEN 1.0 ELSE 0.0 END), "
                                + "avg(CASE WHEN latency <= ? THEN 1.0 ELSE 0.0 END) FROM requests WHERE ts > " + edge
                                + " AND region = ?"
                                + condition)) {
                    s.setDouble(1, v);
                    s.setDouble(2, v);
                    s.setString(3, region);
                    try (ResultSet rs = s.executeQuery()) {
                        rs.next();
                        assertThat(fractions[k])
                                .as(region + " q" + fractions[k] + " = " + v)
                                .isBetween(rs.getDouble(1) - bound, rs.getDouble(2) + bound);
                    }
                }
            }
        }
    }

    @Test
    void distinctCountsFromTheViewAreWithinTheirStatedBound() throws Exception {
        tick();
        JsonNode answer = sql(USERS, true);
        assertThat(answer.path("infos").toString()).contains("answered from view " + viewIdOf("DISTINCT"));
        assertWithinDistinctBound(USERS, answer);
        JsonNode someHosts = sql(SOME_HOSTS_USERS, true);
        assertThat(someHosts.path("infos").toString()).contains("answered from view", "its groups where");
        assertWithinDistinctBound(SOME_HOSTS_USERS, someHosts);
    }

    private static void assertWithinDistinctBound(String query, JsonNode answer) throws Exception {
        double bound = answer.path("error_bound").path("error").asDouble();
        List<Object[]> expected = duck(query);
        assertThat(answer.path("rows").size()).isEqualTo(expected.size());
        for (int r = 0; r < expected.size(); r++) {
            double exact = ((Number) expected.get(r)[1]).doubleValue();
            double estimate = answer.path("rows").get(r).get(1).asDouble();
            assertThat(Math.abs(estimate - exact))
                    .as(expected.get(r)[0] + ": " + estimate + " vs " + exact)
                    .isLessThanOrEqualTo(bound * exact);
        }
    }

    @Test
    void accelerateFalseAndUnservedQueriesAreExact() throws Exception {
        tick();
        JsonNode exact = sql(P99, false);
        assertThat(exact.path("infos").toString()).doesNotContain("answered from view");
        assertThat(exact.path("approximate").asBoolean()).isFalse();
        List<Object[]> expected = duck(P99);
        for (int r = 0; r < expected.size(); r++) {
            for (int c = 1; c < 3; c++) {
                double x = ((Number) expected.get(r)[c]).doubleValue();
                assertThat(exact.path("rows").get(r).get(c).asDouble())
                        .isCloseTo(x, org.assertj.core.api.Assertions.within(1e-9 * x));
            }
        }
        JsonNode avg = sql(AVG, true);
        assertThat(avg.path("infos").toString()).doesNotContain("answered from view");
        List<Object[]> avgExpected = duck(AVG);
        for (int r = 0; r < avgExpected.size(); r++) {
            double x = ((Number) avgExpected.get(r)[1]).doubleValue();
            assertThat(avg.path("rows").get(r).get(1).asDouble())
                    .isCloseTo(x, org.assertj.core.api.Assertions.within(1e-9 * x));
        }
    }

    @Test
    void theClickHouseInterfaceAnswersFromTheViewsToo() throws Exception {
        tick();
        HttpResponse<String> r = CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://" + server.address() + "/?query="
                                + URLEncoder.encode(BYTES + " FORMAT JSON", StandardCharsets.UTF_8)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode data = JSON.readTree(r.body()).path("data");
        List<Object[]> expected = duck(BYTES);
        assertThat(data.size()).isEqualTo(expected.size());
        Map<String, Long> totals = new HashMap<>();
        for (JsonNode row : data) {
            totals.put(
                    row.path("host").asText(), Long.parseLong(row.path("total").asText()));
        }
        for (Object[] x : expected) {
            assertThat(totals.get((String) x[0])).isEqualTo(((Number) x[1]).longValue());
        }
    }

    private long rebuiltPanes() {
        return server.maintainer().progress().stream()
                .mapToLong(io.tessera.ingest.views.ViewProgress::panesRebuilt)
                .sum();
    }

    @Test
    void aLateRowMakesItsPaneAnsweredExactlyUntilItIsRebuilt() throws Exception {
        tick();
        JsonNode before = sql(EVENTS, true);
        assertThat(before.path("infos").toString()).contains("answered from view");
        long late = start - 30 * 60_000 + 123;
        postRows("events", "{\"ts\":" + late + ",\"host\":\"h3\",\"latency\":1000}\n");
        try (PreparedStatement e = duck.prepareStatement("INSERT INTO raw_events VALUES (?, ?, ?)")) {
            insertEvent(e, late, "h3", 1000);
            e.executeBatch();
        }
        assertThat(server.maintainer().lateRows()).isGreaterThanOrEqualTo(1);
        JsonNode after = sql(EVENTS, true);
        assertThat(after.path("infos").toString()).contains("answered from view");
        if (!after.path("infos").toString().contains("answered exactly from raw rows")) {
            assertThat(rebuiltPanes())
                    .as("the server's maintenance rebuilt the pane already")
                    .isPositive();
        } else {
            assertThat(after.path("infos").toString()).containsPattern("1 of (59|60) panes of view");
        }
        List<Object[]> expected = duck(EVENTS);
        assertThat(after.path("rows").size()).isEqualTo(expected.size());
        for (int r = 0; r < expected.size(); r++) {
            double x = ((Number) expected.get(r)[1]).doubleValue();
            assertThat(after.path("rows").get(r).get(1).asDouble())
                    .as(String.valueOf(expected.get(r)[0]))
                    .isCloseTo(x, org.assertj.core.api.Assertions.within(1e-9 * x));
        }
        // the same view answers 5-minute buckets; the late row's pane is again built from raw rows
        String bucketed = "SELECT time_bucket(INTERVAL '5 minutes', ts) AS t, host, sum(latency) AS s FROM events "
                + "WHERE ts > now() - INTERVAL 1 HOUR GROUP BY t, host ORDER BY t, host";
        JsonNode buckets = sql(bucketed, true);
        assertThat(buckets.path("infos").toString())
                .contains("answered from view")
                .contains("300000 ms buckets");
        assertThat(buckets.path("infos").toString().contains("answered exactly from raw rows") || rebuiltPanes() > 0)
                .as("the late row's pane exact until rebuilt: " + buckets.path("infos"))
                .isTrue();
        server.runIngestionRuns();
        assertThat(rebuiltPanes()).as("rebuilt by an ingestion run").isPositive();
        JsonNode repaired = sql(EVENTS, true);
        assertThat(repaired.path("infos").toString())
                .contains("answered from view")
                .doesNotContain("answered exactly from raw rows");
        assertThat(repaired.path("rows").size()).isEqualTo(expected.size());
        for (int r = 0; r < expected.size(); r++) {
            double x = ((Number) expected.get(r)[1]).doubleValue();
            assertThat(repaired.path("rows").get(r).get(1).asDouble())
                    .as("rebuilt " + expected.get(r)[0])
                    .isCloseTo(x, org.assertj.core.api.Assertions.within(1e-9 * x));
        }
        List<Object[]> want = duck(bucketed.replace(
                "time_bucket(INTERVAL '5 minutes', ts) AS t", "epoch_ms(time_bucket(INTERVAL '5 minutes', ts)) AS t"));
        assertThat(buckets.path("rows").size()).isEqualTo(want.size());
        for (int r = 0; r < want.size(); r++) {
            JsonNode row = buckets.path("rows").get(r);
            assertThat(row.get(0).asLong()).isEqualTo(((Number) want.get(r)[0]).longValue());
            assertThat(row.get(1).asText()).isEqualTo(want.get(r)[1]);
            double x = ((Number) want.get(r)[2]).doubleValue();
            assertThat(row.get(2).asDouble())
                    .as(row.toString())
                    .isCloseTo(x, org.assertj.core.api.Assertions.within(1e-9 * x));
        }
    }

    @Test
    void aFilteredQueryByTimeBucketsReadsTheViewOfItsKeysAndConditionAndEqualsDuckDb() throws Exception {
        tick();
        JsonNode buckets = sql(US_COUNTS_BUCKETED, true);
        assertThat(buckets.path("infos").toString())
                .contains("answered from view", "600000 ms buckets", "its groups where", "region\\\" = 'us'");
        List<Object[]> want = duck(US_COUNTS_BUCKETED.replace(
                "time_bucket(INTERVAL '10 minutes', ts) AS t",
                "epoch_ms(time_bucket(INTERVAL '10 minutes', ts)) AS t"));
        assertThat(buckets.path("rows").size()).isEqualTo(want.size());
        for (int r = 0; r < want.size(); r++) {
            JsonNode row = buckets.path("rows").get(r);
            assertThat(row.get(0).asLong()).isEqualTo(((Number) want.get(r)[0]).longValue());
            assertThat(row.get(1).asText()).isEqualTo(want.get(r)[1]);
            assertThat(row.get(2).asLong()).as(row.toString()).isEqualTo(((Number) want.get(r)[2]).longValue());
        }
    }
}
