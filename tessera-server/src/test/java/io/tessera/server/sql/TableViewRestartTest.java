package io.tessera.server.sql;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.plan.planner.PlanResult;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.Workload;
import io.tessera.server.LoopbackServers;
import io.tessera.server.ServerHttp;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ServerConfig;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table view across a restart with a data directory: the plan comes back, the table's rows come
 * back from the table log, and the view is rebuilt from them (not restored from the view files),
 * so a query after the restart is answered from the view and equals the exact answer — including
 * a row that arrived late, after its pane was built, just before the restart.
 */
class TableViewRestartTest {

    private static final String SQL =
            "SELECT host, sum(bytes) AS total FROM requests WHERE ts > now() - INTERVAL 1 HOUR "
                    + "GROUP BY host ORDER BY host";

    @TempDir
    Path tmp;

    private ServerConfig config() {
        return LoopbackServers.config("""
                storage:
                  snapshot_interval: 1h
                acceleration:
                  allowed_lateness: 0s
                tables:
                  - name: requests
                    time_column: ts
                    dimensions: [{name: host, type: STRING}]
                    measures: [{name: bytes, type: LONG}]
                """).withDataDir(tmp.resolve("data").toString());
    }

    @Test
    void aTableViewIsRebuiltFromTheTableLogAfterARestart() throws Exception {
        long start = System.currentTimeMillis();
        StringBuilder rows = new StringBuilder();
        Random random = new Random(5);
        for (long t = start - 2 * 3_600_000L; t < start - 1000; t += 997) {
            if (t > start - 3_600_000L && t < start - 3_300_000L) {
                continue;
            }
            rows.append("{\"ts\":")
                    .append(t)
                    .append(",\"host\":\"h")
                    .append(random.nextInt(4))
                    .append("\",\"bytes\":")
                    .append(random.nextInt(1000))
                    .append("}\n");
        }
        try (TesseraServer server = TesseraServer.start(config())) {
            post(server, "/api/v1/tables/requests/rows", rows.toString(), "application/x-ndjson");
            PlanResult planned = Planner.plan(
                    Workload.parse("""
                    sql_rows_per_second: 2000
                    queries:
                      - sql: "%s"
                        every: 1m
                    """.formatted(SQL), server.config().tableCatalog()));
            assertThat(planned.plan().materializedViews()).hasSize(1);
            post(server, "/api/v1/plan", InstallablePlanCodec.toJson(planned.plan()), "application/json");
            server.runIngestionRuns();
            assertThat(sql(server, true).path("infos").toString()).contains("answered from view");
            post(
                    server,
                    "/api/v1/tables/requests/rows",
                    "{\"ts\":" + (start - 1_800_000) + ",\"host\":\"h1\",\"bytes\":100000}\n",
                    "application/x-ndjson");
        }
        try (TesseraServer server = TesseraServer.start(config())) {
            assertThat(server.installedPlan()).isNotNull();
            while (System.currentTimeMillis() % 60_000 > 50_000) {
                Thread.sleep(1_000);
            }
            post(
                    server,
                    "/api/v1/tables/requests/rows",
                    "{\"ts\":" + System.currentTimeMillis() + ",\"host\":\"h0\",\"bytes\":1}\n",
                    "application/x-ndjson");
            server.runIngestionRuns();
            JsonNode viewed = sql(server, true);
            assertThat(viewed.path("infos").toString())
                    .contains("answered from view")
                    .doesNotContain("exactly from raw rows");
            JsonNode exact = sql(server, false);
            assertThat(exact.path("infos").toString()).doesNotContain("answered from view");
            assertThat(viewed.path("rows")).isEqualTo(exact.path("rows"));
            assertThat(viewed.path("rows").toString()).contains("h1");
        }
    }

    private static JsonNode sql(TesseraServer server, boolean accelerate) throws Exception {
        return ServerHttp.sql(server.address(), SQL, accelerate);
    }

    private static void post(TesseraServer server, String path, String body, String type) throws Exception {
        HttpResponse<String> r = ServerHttp.post(server.address(), path, type, body);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    }
}
