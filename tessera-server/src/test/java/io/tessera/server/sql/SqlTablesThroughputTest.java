package io.tessera.server.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Measures, and prints, row ingestion over HTTP (JSON lines and CSV, side by side) and the
 * latency of SQL over the same rows through {@code /api/v1/sql} and in-process DuckDB (JDBC).
 * Nothing here fails on a timing; the answers are checked to agree. Run with
 * {@code -Pslow -Dtest=SqlTablesThroughputTest}.
 */
@Tag("slow")
class SqlTablesThroughputTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int REQUESTS = 20;
    private static final int ROWS_PER_REQUEST = 10_000;
    private static final String[] QUERIES = {
        "SELECT count(*) AS n FROM requests",
        "SELECT host, count(*) AS n, sum(latency) AS s, max(bytes) AS b FROM requests GROUP BY host ORDER BY host",
        "SELECT status, avg(latency) AS a FROM requests WHERE host IN ('h1', 'h2') AND status >= 400 GROUP BY status ORDER BY status",
    };

    @Test
    void ingestAndQueryFigures() throws Exception {
        String config = """
                listen: 127.0.0.1:0
                tables:
                  - name: requests
                    time_column: ts
                    dimensions: [{name: host, type: STRING}, {name: status, type: LONG}]
                    measures: [{name: latency, type: DOUBLE}, {name: bytes, type: LONG}]
                  - name: warmup
                    time_column: ts
                    dimensions: [{name: host, type: STRING}, {name: status, type: LONG}]
                    measures: [{name: latency, type: DOUBLE}, {name: bytes, type: LONG}]
                """;
        long base = System.currentTimeMillis() - 7_200_000;
        try (TesseraServer server = TesseraServer.start(ConfigLoader.parse(config));
                Connection duck = DuckRequests.open()) {
            Random random = new Random(1);
            long[] nanos = new long[2];
            long[] bytes = new long[2];
            try (PreparedStatement insert = DuckRequests.insert(duck)) {
                for (int q = 0; q < REQUESTS; q++) {
                    boolean csv = q % 2 == 1;
                    StringBuilder body = new StringBuilder(csv ? "ts,host,status,latency,bytes\n" : "");
                    for (int i = 0; i < ROWS_PER_REQUEST; i++) {
                        long ts = base + random.nextInt(7_000_000);
                        String host = "h" + random.nextInt(50);
                        long status = 200 + 100L * random.nextInt(4);
                        double latency = random.nextDouble() * 100;
                        long size = random.nextInt(1 << 20);
                        if (csv) {
                            body.append(ts)
                                    .append(',')
                                    .append(host)
                                    .append(',')
                                    .append(status)
                                    .append(',')
                                    .append(latency)
                                    .append(',')
                                    .append(size)
                                    .append('\n');
                        } else {
                            body.append("{\"ts\":")
                                    .append(ts)
                                    .append(",\"host\":\"")
                                    .append(host)
                                    .append("\",\"status\":")
                                    .append(status)
                                    .append(",\"latency\":")
                                    .append(latency)
                                    .append(",\"bytes\":")
                                    .append(size)
                                    .append("}\n");
                        }
                        DuckRequests.addRow(insert, ts, host, status, latency, size);
                    }
                    String text = body.toString();
                    if (q < 6) {
                        TableRowsEndpointTest.post(
                                server, "/api/v1/tables/warmup/rows", csv ? "text/csv" : "application/x-ndjson", text);
                        TableRowsEndpointTest.post(
                                server, "/api/v1/tables/warmup/rows", csv ? "text/csv" : "application/x-ndjson", text);
                    }
                    long start = System.nanoTime();
                    HttpResponse<String> r = TableRowsEndpointTest.post(
                            server, "/api/v1/tables/requests/rows", csv ? "text/csv" : "application/x-ndjson", text);
                    nanos[csv ? 1 : 0] += System.nanoTime() - start;
                    bytes[csv ? 1 : 0] += text.length();
                    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                }
                insert.executeBatch();
            }
            int half = REQUESTS / 2 * ROWS_PER_REQUEST;
            System.out.printf(
                    "rows ingest: JSON lines %.0f rows/s (%.1f MB/s), CSV %.0f rows/s (%.1f MB/s), %d rows each, %d-row requests%n",
                    half / (nanos[0] / 1e9),
                    bytes[0] / (nanos[0] / 1e3),
                    half / (nanos[1] / 1e9),
                    bytes[1] / (nanos[1] / 1e3),
                    half,
                    ROWS_PER_REQUEST);
            long memory = server.tables().stats().getFirst().memoryBytes();
            System.out.printf(
                    "table memory: %d bytes for %d rows (%.1f bytes/row)%n", memory, 2 * half, memory / (2.0 * half));
            for (String q : QUERIES) {
                long[] tessera = new long[15];
                long[] duckdb = new long[15];
                for (int i = -5; i < tessera.length; i++) {
                    long start = System.nanoTime();
                    HttpResponse<String> r = SqlSurfacesTest.send(
                            HttpRequest.newBuilder(URI.create("http://" + server.address() + "/api/v1/sql"))
                                    .POST(HttpRequest.BodyPublishers.ofString(q)));
                    long took = System.nanoTime() - start;
                    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
                    JsonNode rows = JSON.readTree(r.body()).get("rows");
                    start = System.nanoTime();
                    int count = 0;
                    try (Statement s = duck.createStatement();
                            ResultSet rs = s.executeQuery(q)) {
                        while (rs.next()) {
                            assertThat(rows.get(count).get(0).asText()).isEqualTo(rs.getString(1));
                            count++;
                        }
                    }
                    assertThat(count).isEqualTo(rows.size());
                    if (i >= 0) {
                        tessera[i] = took;
                        duckdb[i] = System.nanoTime() - start;
                    }
                }
                double t = median(tessera) / 1e6;
                double d = median(duckdb) / 1e6;
                System.out.printf(
                        "query (median of %d after 5 warm-up runs, %d rows): Tessera /api/v1/sql %.2f ms, DuckDB JDBC in-process %.2f ms, ratio %.2f: %s%n",
                        tessera.length, 2 * half, t, d, t / d, q);
            }
        }
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
