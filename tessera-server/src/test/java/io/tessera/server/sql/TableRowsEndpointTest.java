package io.tessera.server.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.core.Batch;
import io.tessera.server.LoopbackServers;
import io.tessera.server.TesseraServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TableRowsEndpointTest {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    private TesseraServer server;

    @BeforeEach
    void start() {
        server = LoopbackServers.start("""
                storage:
                  retention: 1h
                remote_write:
                  max_body_bytes: 4KiB
                tables:
                  - name: requests
                    time_column: ts
                    dimensions: [{name: host, type: STRING}, {name: status, type: LONG}]
                    measures: [{name: latency, type: DOUBLE}]
                """);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    static HttpResponse<String> post(TesseraServer server, String path, String contentType, String body) {
        try {
            HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://" + server.address() + path))
                    .POST(HttpRequest.BodyPublishers.ofString(body));
            if (contentType != null) {
                b.header("Content-Type", contentType);
            }
            return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private List<String> rows() {
        List<String> out = new ArrayList<>();
        for (Batch b : server.tables()
                .read("requests", null, server.tables().schema("requests").rowSchema())) {
            for (int i = 0; i < b.rowCount(); i++) {
                out.add(b.longs(0)[i] + " " + b.strings(1)[i] + " " + b.longs(2)[i] + " " + b.doubles(3)[i]);
            }
        }
        out.sort(null);
        return out;
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        return JSON.readTree(response.body());
    }

    @Test
    void jsonLinesAndCsvAreAppendedAndCounted() throws Exception {
        long now = System.currentTimeMillis();
        HttpResponse<String> r = post(
                server,
                "/api/v1/tables/requests/rows",
                "application/x-ndjson",
                "{\"ts\": " + now + ", \"host\": \"a\", \"status\": 200, \"latency\": 1.5}\n" + "{\"ts\": "
                        + (now - 1000) + ", \"host\": \"b\", \"status\": 500, \"latency\": 3}\n");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(json(r).get("rows").asInt()).isEqualTo(2);
        r = post(
                server,
                "/api/v1/tables/requests/rows",
                "text/csv; charset=utf-8",
                "host,ts,status,latency\n\"c,d\"," + (now - 2000) + ",404,0.5\n");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(json(r).get("rows").asInt()).isEqualTo(1);
        assertThat(rows())
                .containsExactlyInAnyOrder(
                        (now - 1000) + " b 500 3.0", (now - 2000) + " c,d 404 0.5", now + " a 200 1.5");
        assertThat(server.metrics().render()).contains("tessera_table_rows_total 3");
    }

    @Test
    void aBadLineRefusesTheWholeRequestNamingLineAndColumn() throws Exception {
        long now = System.currentTimeMillis();
        String good = "{\"ts\": " + now + ", \"host\": \"a\", \"status\": 200, \"latency\": 1}\n";
        HttpResponse<String> r = post(
                server,
                "/api/v1/tables/requests/rows",
                "application/json",
                good + good + "{\"ts\": " + now + ", \"host\": \"a\", \"status\": \"OK\", \"latency\": 1}\n");
        assertThat(r.statusCode()).isEqualTo(400);
        JsonNode error = json(r);
        assertThat(error.get("line").asInt()).isEqualTo(3);
        assertThat(error.get("column").asText()).isEqualTo("status");
        assertThat(error.get("error").asText()).startsWith("line 3, column \"status\": ");
        r = post(
                server,
                "/api/v1/tables/requests/rows",
                "text/csv",
                "ts,host,status,latency\n" + now + ",a,1,1\n" + now + ",a,1,fast\n");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(json(r).get("line").asInt()).isEqualTo(3);
        assertThat(rows()).isEmpty();
    }

    @Test
    void rowsBeforeTheRetentionCutoffAreRefusedByLine() throws Exception {
        long now = System.currentTimeMillis();
        server.tables().applyRetention(now);
        HttpResponse<String> r = post(
                server,
                "/api/v1/tables/requests/rows",
                "text/csv",
                "ts,host,status,latency\n" + now + ",a,1,1\n" + (now - 2 * 3_600_000) + ",a,1,1\n");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(json(r).get("line").asInt()).isEqualTo(3);
        assertThat(json(r).get("error").asText()).contains("retention cutoff");
        assertThat(rows()).isEmpty();
    }

    @Test
    void unknownTablesTypesAndOversizedBodiesAreRefused() throws Exception {
        HttpResponse<String> r = post(server, "/api/v1/tables/nope/rows", "text/csv", "ts\n1\n");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(json(r).get("error").asText()).contains("no such table: \"nope\"");
        assertThat(post(server, "/api/v1/tables/requests", "text/csv", "ts\n1\n")
                        .statusCode())
                .isEqualTo(404);
        r = post(server, "/api/v1/tables/requests/rows", "text/plain", "ts\n1\n");
        assertThat(r.statusCode()).isEqualTo(415);
        assertThat(json(r).get("error").asText()).contains("text/csv");
        assertThat(post(server, "/api/v1/tables/requests/rows", null, "ts\n1\n").statusCode())
                .isEqualTo(415);
        r = post(
                server,
                "/api/v1/tables/requests/rows",
                "text/csv",
                "ts,host,status,latency\n" + "1,a,1,1\n".repeat(1000));
        assertThat(r.statusCode()).isEqualTo(413);
        assertThat(rows()).isEmpty();
    }
}
