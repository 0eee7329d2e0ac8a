package io.tessera.server.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import io.tessera.server.config.ServerConfig;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** With a data directory, acknowledged rows are in the table log and a restarted server answers SQL over them. */
class DurableTableRowsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private ServerConfig config() {
        return ConfigLoader.parse(SqlSurfacesTest.CONFIG + "storage:\n  wal_fsync: always\n")
                .withDataDir(tmp.resolve("data").toString());
    }

    private static JsonNode sql(TesseraServer server, String query) throws Exception {
        HttpResponse<String> r =
                SqlSurfacesTest.send(HttpRequest.newBuilder(URI.create("http://" + server.address() + "/api/v1/sql"))
                        .POST(HttpRequest.BodyPublishers.ofString(query)));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body()).get("rows");
    }

    @Test
    void acknowledgedRowsSurviveARestart() throws Exception {
        long now = System.currentTimeMillis();
        StringBuilder csv = new StringBuilder("ts,host,status,latency\n");
        double sum = 0;
        for (int i = 0; i < 500; i++) {
            double latency = i * 0.25;
            sum += latency;
            csv.append(now - i * 10L)
                    .append(",h")
                    .append(i % 3)
                    .append(",200,")
                    .append(latency)
                    .append('\n');
        }
        String query = "SELECT count(*) AS n, sum(latency) AS s FROM requests";
        try (TesseraServer server = TesseraServer.start(config())) {
            assertThat(TableRowsEndpointTest.post(server, "/api/v1/tables/requests/rows", "text/csv", csv.toString())
                            .statusCode())
                    .isEqualTo(200);
            assertThat(TableRowsEndpointTest.post(server, "/api/v1/tables/requests/rows", "text/csv", csv + "x,h,1,1\n")
                            .statusCode())
                    .isEqualTo(400);
            assertThat(sql(server, query).get(0).get(0).asLong()).isEqualTo(500);
            assertThat(server.metrics().render()).containsPattern("tessera_table_wal_bytes [1-9][0-9.E]*\n");
        }
        try (TesseraServer again = TesseraServer.start(config())) {
            JsonNode rows = sql(again, query);
            assertThat(rows.get(0).get(0).asLong()).isEqualTo(500);
            assertThat(rows.get(0).get(1).asDouble()).isEqualTo(sum);
            String line = "{\"ts\": " + now + ", \"host\": \"x\", \"status\": 1, \"latency\": 1}\n";
            assertThat(TableRowsEndpointTest.post(again, "/api/v1/tables/requests/rows", "application/x-ndjson", line)
                            .statusCode())
                    .isEqualTo(200);
        }
        try (TesseraServer third = TesseraServer.start(config())) {
            assertThat(sql(third, query).get(0).get(0).asLong()).isEqualTo(501);
        }
    }
}
