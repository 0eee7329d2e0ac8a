package io.tessera.server.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@code /api/v1/sql} and the ClickHouse interface over a real HTTP client, answers checked against sums computed here. */
class SqlSurfacesTest {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();
    static final String CONFIG = """
            listen: 127.0.0.1:0
            tables:
              - name: requests
                time_column: ts
                dimensions: [{name: host, type: STRING}, {name: status, type: LONG}]
                measures: [{name: latency, type: DOUBLE}]
            """;

    private static TesseraServer server;
    private static long base;
    /** host -> {count, sum of latency, sum of status} */
    private static final Map<String, double[]> EXPECTED = new TreeMap<>();

    @BeforeAll
    static void start() {
        server = TesseraServer.start(ConfigLoader.parse(CONFIG));
        base = System.currentTimeMillis() - 3_600_000;
        Random random = new Random(7);
        RequestRows rows = RequestRows.generate(
                base, 300, random, i -> "h\t" + random.nextInt(4) + (i % 50 == 0 ? "/\"x\"" : ""), 1000, 8.0);
        EXPECTED.putAll(rows.byHost());
        rows.postTo(server);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    static HttpResponse<String> send(HttpRequest.Builder b) {
        try {
            return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private static URI uri(String pathAndQuery) {
        return URI.create("http://" + server.address() + pathAndQuery);
    }

    private static HttpResponse<String> sql(String contentType, String body) {
        return send(HttpRequest.newBuilder(uri("/api/v1/sql"))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static HttpResponse<String> clickHouseGet(String query, String extra) {
        return send(HttpRequest.newBuilder(uri("/?query=" + URLEncoder.encode(query, StandardCharsets.UTF_8) + extra))
                .GET());
    }

    private static final String GROUPED =
            "SELECT host, count(*) AS n, sum(latency) AS total, sum(status) AS statuses FROM requests GROUP BY host ORDER BY host";

    @Test
    void theSqlEndpointAnswersWithColumnsTypesAndRows() throws Exception {
        String asJson = JSON.writeValueAsString(Map.of("query", GROUPED));
        for (HttpResponse<String> r : List.of(
                sql("application/json", asJson),
                sql("text/plain", GROUPED),
                sql("application/x-www-form-urlencoded", "query=" + URLEncoder.encode(GROUPED, StandardCharsets.UTF_8)),
                sql("application/x-www-form-urlencoded", GROUPED))) {
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            JsonNode body = JSON.readTree(r.body());
            assertThat(body.get("columns").toString())
                    .isEqualTo("[{\"name\":\"host\",\"type\":\"VARCHAR\"},{\"name\":\"n\",\"type\":\"BIGINT\"},"
                            + "{\"name\":\"total\",\"type\":\"DOUBLE\"},{\"name\":\"statuses\",\"type\":\"BIGINT\"}]");
            assertThat(body.get("approximate").asBoolean()).isFalse();
            assertThat(body.get("error_bound").isNull()).isTrue();
            assertThat(body.get("infos").isArray()).isTrue();
            List<String> got = new ArrayList<>();
            for (JsonNode row : body.get("rows")) {
                got.add(row.get(0).asText() + " " + row.get(1).asLong() + " "
                        + row.get(2).asDouble() + " " + row.get(3).asLong());
            }
            List<String> want = new ArrayList<>();
            EXPECTED.forEach((h, e) -> want.add(h + " " + (long) e[0] + " " + e[1] + " " + (long) e[2]));
            assertThat(got).containsExactlyElementsOf(want);
        }
    }

    @Test
    void badSqlIs400NamingTheConstructAndAFailedRunIs422() throws Exception {
        HttpResponse<String> r = sql("text/plain", "SELECT a.host FROM requests a JOIN requests b ON a.host = b.host");
        assertThat(r.statusCode()).isEqualTo(400);
        JsonNode e = JSON.readTree(r.body());
        assertThat(e.get("error").asText()).contains("unsupported SQL: JOIN");
        assertThat(e.get("error_type").asText()).isEqualTo("bad_sql");
        r = sql("text/plain", "SELECT count(* FROM requests");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(r.body()).get("error").asText()).startsWith("SQL syntax error");
        r = sql("application/json", "{\"query\": \"SELECT 1\", \"format\": \"x\"}");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(JSON.readTree(r.body()).get("error").asText()).contains("unknown field \"format\"");
        try (TesseraServer small = TesseraServer.start(ConfigLoader.parse(CONFIG + "query:\n  max_samples: 10\n"))) {
            StringBuilder rows = new StringBuilder("ts,host,status,latency\n");
            for (int i = 0; i < 20; i++) {
                rows.append(base + i).append(",a,200,1\n");
            }
            assertThat(TableRowsEndpointTest.post(small, "/api/v1/tables/requests/rows", "text/csv", rows.toString())
                            .statusCode())
                    .isEqualTo(200);
            HttpResponse<String> limited =
                    send(HttpRequest.newBuilder(URI.create("http://" + small.address() + "/api/v1/sql"))
                            .POST(HttpRequest.BodyPublishers.ofString("SELECT count(*) FROM requests")));
            assertThat(limited.statusCode()).as(limited.body()).isEqualTo(422);
            assertThat(JSON.readTree(limited.body()).get("error_type").asText()).isEqualTo("execution");
        }
    }

    @Test
    void clickHouseJsonHasMetaDataRowsAndStatistics() throws Exception {
        HttpResponse<String> r = clickHouseGet(GROUPED + " FORMAT JSON", "");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-ClickHouse-Format")).hasValue("JSON");
        JsonNode body = JSON.readTree(r.body());
        List<String> keys = new ArrayList<>();
        body.fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("meta", "data", "rows", "statistics");
        assertThat(body.get("meta").toString())
                .isEqualTo("[{\"name\":\"host\",\"type\":\"String\"},{\"name\":\"n\",\"type\":\"Int64\"},"
                        + "{\"name\":\"total\",\"type\":\"Float64\"},{\"name\":\"statuses\",\"type\":\"Int64\"}]");
        assertThat(body.get("rows").asInt()).isEqualTo(EXPECTED.size());
        JsonNode stats = body.get("statistics");
        assertThat(stats.get("elapsed").isNumber()).isTrue();
        assertThat(stats.get("rows_read").asLong())
                .as("every row of the table is read")
                .isEqualTo(300);
        assertThat(stats.has("bytes_read")).isTrue();
        int i = 0;
        for (Map.Entry<String, double[]> e : EXPECTED.entrySet()) {
            JsonNode row = body.get("data").get(i++);
            assertThat(row.get("host").asText()).isEqualTo(e.getKey());
            assertThat(row.get("n").isTextual())
                    .as("Int64 is quoted by default")
                    .isTrue();
            assertThat(row.get("n").asText()).isEqualTo(Long.toString((long) e.getValue()[0]));
            assertThat(row.get("total").isNumber()).isTrue();
            assertThat(row.get("total").asDouble()).isEqualTo(e.getValue()[1]);
        }
        assertThat(r.body()).contains("\\/");
        JsonNode unquoted =
                JSON.readTree(clickHouseGet(GROUPED + " FORMAT JSON", "&output_format_json_quote_64bit_integers=0")
                        .body());
        assertThat(unquoted.get("data").get(0).get("n").isNumber()).isTrue();
    }

    @Test
    void clickHouseEachRowAndTabSeparated() throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(uri("/"))
                .POST(HttpRequest.BodyPublishers.ofString(GROUPED + " FORMAT JSONEachRow")));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        String[] lines = r.body().split("\n");
        assertThat(lines).hasSize(EXPECTED.size());
        String firstHost = EXPECTED.keySet().iterator().next();
        JsonNode first = JSON.readTree(lines[0]);
        assertThat(first.get("host").asText()).isEqualTo(firstHost);
        assertThat(first.get("n").asText()).isEqualTo(Long.toString((long) EXPECTED.get(firstHost)[0]));

        r = clickHouseGet(GROUPED, "");
        assertThat(r.headers().firstValue("X-ClickHouse-Format")).hasValue("TabSeparated");
        List<String> want = new ArrayList<>();
        EXPECTED.forEach((h, e) -> want.add(h.replace("\t", "\\t").replace("\"", "\"") + "\t" + (long) e[0] + "\t"
                + ClickHouseValues.float64(e[1]) + "\t" + (long) e[2]));
        assertThat(r.body().split("\n")).containsExactlyElementsOf(want);
        r = clickHouseGet(GROUPED + " FORMAT TabSeparatedWithNames", "");
        assertThat(r.body().split("\n")[0]).isEqualTo("host\tn\ttotal\tstatuses");
        assertThat(r.body().split("\n")).hasSize(EXPECTED.size() + 1);
        r = send(HttpRequest.newBuilder(uri("/?default_format=TSVWithNamesAndTypes"))
                .POST(HttpRequest.BodyPublishers.ofString(GROUPED)));
        assertThat(r.body().split("\n")[1]).isEqualTo("String\tInt64\tFloat64\tInt64");
    }

    @Test
    void clickHouseTimestampsAreDateTime64InUtc() throws Exception {
        String q = "SELECT ts, host FROM requests WHERE ts <= " + (base + 1000) + " ORDER BY ts FORMAT JSON";
        JsonNode body = JSON.readTree(clickHouseGet(q, "").body());
        assertThat(body.get("meta").get(0).get("type").asText()).isEqualTo("DateTime64(3, 'UTC')");
        String expected = java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
                .format(java.time.LocalDateTime.ofEpochSecond(
                        base / 1000, (int) (base % 1000) * 1_000_000, java.time.ZoneOffset.UTC));
        assertThat(body.get("data").get(0).get("ts").asText()).isEqualTo(expected);
    }

    @Test
    void aMetricIsATableOfTsValueAndLabels() throws Exception {
        long t = System.currentTimeMillis() - 60_000;
        HttpResponse<String> imported = send(HttpRequest.newBuilder(uri("/api/v1/import/prometheus"))
                .POST(HttpRequest.BodyPublishers.ofString("up{job=\"a\"} 1 " + t + "\nup{job=\"a\"} 0 " + (t + 15_000)
                        + "\nup{job=\"b\"} 1 " + t + "\n")));
        assertThat(imported.statusCode()).as(imported.body()).isEqualTo(204);
        HttpResponse<String> r =
                sql("text/plain", "SELECT job, count(*) AS n, sum(value) AS s FROM up GROUP BY job ORDER BY job");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(JSON.readTree(r.body()).get("rows").toString()).isEqualTo("[[\"a\",2,1.0],[\"b\",1,1.0]]");
        assertThat(clickHouseGet("SELECT job, count(*) AS n FROM up GROUP BY job ORDER BY job", "")
                        .body())
                .isEqualTo("a\t2\nb\t1\n");
    }

    @Test
    void aNameNeitherDeclaredNorWrittenAnswersNoRowsAndSaysWhy() throws Exception {
        long t = System.currentTimeMillis() - 60_000;
        assertThat(send(HttpRequest.newBuilder(uri("/api/v1/import/prometheus"))
                                .POST(HttpRequest.BodyPublishers.ofString("queue_depth{job=\"a\"} 3 " + t + "\n")))
                        .statusCode())
                .isEqualTo(204);
        JsonNode unknown = JSON.readTree(sql("text/plain", "SELECT host, count(*) FROM reqests GROUP BY host")
                .body());
        assertThat(unknown.get("rows").size()).isZero();
        assertThat(unknown.get("infos").toString())
                .contains("\\\"reqests\\\" is not a declared table, and no metric of that name");
        // a written metric with no rows in the window is simply empty
        JsonNode empty = JSON.readTree(sql(
                        "text/plain",
                        "SELECT job, count(*) FROM queue_depth WHERE ts > now() - INTERVAL 1 SECOND " + "GROUP BY job")
                .body());
        assertThat(empty.get("rows").size()).isZero();
        assertThat(empty.get("infos").toString()).doesNotContain("not a declared table");
    }

    @Test
    void clickHouseProbesAndPing() throws Exception {
        assertThat(clickHouseGet("SELECT 1", "").body()).isEqualTo("1\n");
        JsonNode version =
                JSON.readTree(clickHouseGet("select  version() format JSON", "").body());
        assertThat(version.get("meta").toString()).isEqualTo("[{\"name\":\"version()\",\"type\":\"String\"}]");
        assertThat(version.get("data").get(0).get("version()").asText()).isEqualTo(ClickHouseEndpoint.VERSION);
        assertThat(version.get("rows").asInt()).isEqualTo(1);
        HttpResponse<String> ping = send(HttpRequest.newBuilder(uri("/ping")).GET());
        assertThat(ping.statusCode()).isEqualTo(200);
        assertThat(ping.body()).isEqualTo("Ok.\n");
        assertThat(send(HttpRequest.newBuilder(uri("/")).GET()).body()).isEqualTo("Ok.\n");
    }

    @Test
    void clickHouseErrorsCarryTheirCode() {
        HttpResponse<String> r = clickHouseGet("SELECT count(* FROM requests", "");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("X-ClickHouse-Exception-Code")).hasValue("62");
        assertThat(r.body())
                .startsWith("Code: 62. DB::Exception: SQL syntax error")
                .contains("(SYNTAX_ERROR)");
        r = clickHouseGet("SELECT nope FROM requests", "");
        assertThat(r.headers().firstValue("X-ClickHouse-Exception-Code")).hasValue("47");
        assertThat(r.body()).startsWith("Code: 47. DB::Exception: unknown column \"nope\"");
        r = clickHouseGet("SELECT DISTINCT host FROM requests", "");
        assertThat(r.headers().firstValue("X-ClickHouse-Exception-Code")).hasValue("48");
        r = clickHouseGet("SELECT count(*) FROM requests WHERE host = 'x FORMAT JSON'", "");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("0\n");
        r = clickHouseGet("SELECT 1 FORMAT Parquet", "");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.headers().firstValue("X-ClickHouse-Exception-Code")).hasValue("73");
        assertThat(r.body()).startsWith("Code: 73. DB::Exception: Unknown format Parquet");
    }
}
