package io.tessera.server.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.server.LoopbackServers;
import io.tessera.server.TesseraServer;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Rows posted over HTTP as JSON lines and CSV, queried over {@code /api/v1/sql}, and the same rows
 * loaded straight into an in-process DuckDB: every answer must be DuckDB's.
 */
class SqlEndToEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] HOSTS = {"web,1", "db \"primary\"", "cache\nnode", "\u00fcn\u00efcode", "plain"};
    private static final int ROWS = 6_000;
    private static final DateTimeFormatter LITERAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private static TesseraServer server;
    private static Connection duck;
    private static long base;

    @BeforeAll
    static void load() throws Exception {
        server = LoopbackServers.start("""
                tables:
                  - name: requests
                    time_column: ts
                    dimensions: [{name: host, type: STRING}, {name: status, type: LONG}]
                    measures: [{name: latency, type: DOUBLE}, {name: bytes, type: LONG}]
                """);
        duck = DuckRequests.open();
        base = (System.currentTimeMillis() / 60_000 - 120) * 60_000;
        Random random = new Random(42);
        int requests = 6;
        int per = ROWS / requests;
        try (PreparedStatement insert = DuckRequests.insert(duck)) {
            for (int q = 0; q < requests; q++) {
                boolean csv = q % 2 == 1;
                StringBuilder body = new StringBuilder(csv ? "bytes,latency,status,host,ts\r\n" : "");
                for (int i = 0; i < per; i++) {
                    long ts = base + random.nextLong(7_200_000) + (q * per + i) % 7;
                    String host = HOSTS[random.nextInt(HOSTS.length)];
                    long status = new long[] {200, 201, 404, 500, 503}[random.nextInt(5)];
                    double latency = random.nextInt(10) == 0 ? random.nextInt(100) : random.nextGaussian() * 50 + 100;
                    long bytes = random.nextLong(1_000_000) - 1000;
                    DuckRequests.addRow(insert, ts, host, status, latency, bytes);
                    if (csv) {
                        body.append(bytes)
                                .append(',')
                                .append(latency)
                                .append(',')
                                .append(status)
                                .append(",\"")
                                .append(host.replace("\"", "\"\""))
                                .append("\",")
                                .append(ts)
                                .append("\r\n");
                    } else {
                        Object time = switch (i % 3) {
                            case 0 -> ts;
                            case 1 -> Instant.ofEpochMilli(ts).toString();
                            default ->
                                OffsetDateTime.ofInstant(Instant.ofEpochMilli(ts), ZoneOffset.ofHoursMinutes(-5, -30))
                                        .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
                        };
                        body.append(JSON.writeValueAsString(Map.of(
                                        "ts", time, "host", host, "status", status, "latency", latency, "bytes",
                                        bytes)))
                                .append('\n');
                    }
                }
                HttpResponse<String> r = TableRowsEndpointTest.post(
                        server,
                        "/api/v1/tables/requests/rows",
                        csv ? "text/csv" : "application/x-ndjson",
                        body.toString());
                assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                assertThat(JSON.readTree(r.body()).get("rows").asInt()).isEqualTo(per);
                HttpResponse<String> rejected = TableRowsEndpointTest.post(
                        server,
                        "/api/v1/tables/requests/rows",
                        csv ? "text/csv" : "application/x-ndjson",
                        body + (csv ? "1,2,3,x,not-a-time\n" : "{\"ts\": 1}\n"));
                assertThat(rejected.statusCode())
                        .as("a bad last line refuses the whole request")
                        .isEqualTo(400);
            }
            insert.executeBatch();
        }
    }

    @AfterAll
    static void close() throws Exception {
        server.close();
        duck.close();
    }

    static List<String> queries() {
        long b = (System.currentTimeMillis() / 60_000 - 120) * 60_000;
        String from = LITERAL.format(LocalDateTime.ofInstant(Instant.ofEpochMilli(b + 1_234_567), ZoneOffset.UTC));
        String to = LITERAL.format(LocalDateTime.ofInstant(Instant.ofEpochMilli(b + 4_000_001), ZoneOffset.UTC));
        return List.of(
                "SELECT count(*) AS n FROM requests",
                "SELECT host, count(*) AS n, sum(latency) AS s, min(latency) AS lo, max(latency) AS hi, avg(latency) AS a "
                        + "FROM requests GROUP BY host ORDER BY host",
                "SELECT status, count(*) AS n, sum(bytes) AS b FROM requests WHERE host IN ('web,1', 'db \"primary\"') "
                        + "GROUP BY status ORDER BY status",
                "SELECT host, status, count(*) AS n, max(bytes) AS b FROM requests WHERE ts > TIMESTAMP '" + from
                        + "' AND ts <= TIMESTAMP '" + to + "' GROUP BY host, status ORDER BY host, status",
                "SELECT date_trunc('minute', ts) AS m, count(*) AS n, min(bytes) AS b FROM requests GROUP BY m ORDER BY m",
                "SELECT host, sum(latency) AS s FROM requests WHERE status >= 500 OR bytes < 1000 GROUP BY host ORDER BY s DESC, host LIMIT 3",
                "SELECT ts, host, status, latency, bytes FROM requests WHERE host = '\u00fcn\u00efcode' AND status = 404 "
                        + "ORDER BY ts, bytes LIMIT 25",
                "SELECT count(*) AS n, sum(bytes) AS b FROM requests WHERE host NOT IN ('web,1') AND status <> 200",
                // conditions the table store tests on its chunks before copying rows (the executor filters again)
                "SELECT host, count(*) AS n, max(latency) AS hi FROM requests WHERE NOT (host = 'web,1' OR latency > 50.5) "
                        + "AND (status IN (200, 404) OR host >= 'db') GROUP BY host ORDER BY host",
                "SELECT status, avg(latency) AS a, count(*) AS n FROM requests GROUP BY status HAVING count(*) > 1000 ORDER BY status");
    }

    @ParameterizedTest
    @MethodSource("queries")
    void answersAreDuckDbs(String sql) throws Exception {
        HttpResponse<String> r =
                SqlSurfacesTest.send(HttpRequest.newBuilder(URI.create("http://" + server.address() + "/api/v1/sql"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("query", sql)))));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode body = JSON.readTree(r.body());
        List<String> types = new ArrayList<>();
        for (JsonNode c : body.get("columns")) {
            types.add(c.get("type").asText());
        }
        List<Object[]> expected = new ArrayList<>();
        try (Statement s = duck.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.getMetaData().getColumnCount()).isEqualTo(types.size());
            while (rs.next()) {
                Object[] row = new Object[types.size()];
                for (int c = 0; c < row.length; c++) {
                    Object o = rs.getObject(c + 1);
                    row[c] = o == null
                            ? null
                            : switch (types.get(c)) {
                                case "BIGINT" -> ((Number) o).longValue();
                                case "DOUBLE" -> ((Number) o).doubleValue();
                                case "VARCHAR" -> o.toString();
                                case "TIMESTAMP" ->
                                    rs.getObject(c + 1, LocalDateTime.class)
                                            .toInstant(ZoneOffset.UTC)
                                            .toEpochMilli();
                                default -> throw new AssertionError("type " + types.get(c));
                            };
                }
                expected.add(row);
            }
        }
        JsonNode rows = body.get("rows");
        assertThat(rows.size()).as(sql).isEqualTo(expected.size());
        assertThat(expected).as("the query must have rows to compare").isNotEmpty();
        for (int i = 0; i < expected.size(); i++) {
            for (int c = 0; c < types.size(); c++) {
                JsonNode got = rows.get(i).get(c);
                Object want = expected.get(i)[c];
                String at = sql + " row " + i + " column " + c;
                switch (types.get(c)) {
                    case "DOUBLE" ->
                        assertThat(got.asDouble())
                                .as(at)
                                .isCloseTo((Double) want, within(1e-9 * Math.max(1, Math.abs((Double) want))));
                    case "VARCHAR" -> assertThat(got.asText()).as(at).isEqualTo(want);
                    default -> assertThat(got.asLong()).as(at).isEqualTo(want);
                }
            }
        }
    }
}
