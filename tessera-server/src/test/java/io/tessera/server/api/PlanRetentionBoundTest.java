package io.tessera.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A plan cannot make a view keep panes longer than the raw store keeps samples; it is refused with 400 and not installed. */
class PlanRetentionBoundTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private static String planWithRetention(long retentionMs) throws Exception {
        JsonNode plan = JSON.readTree(InstallablePlanCodec.toJson(Planner.plan(
                        Workload.of(List.of(WorkloadQuery.range("sum_over_time(kept[10m])", 3_600_000, 60_000, 10_000)))
                                .withEstimates(100, 15_000))
                .plan()));
        int changed = setRetention(plan, retentionMs);
        assertThat(changed).as("the plan has views whose retention can be set").isPositive();
        return JSON.writeValueAsString(plan);
    }

    private static int setRetention(JsonNode node, long retentionMs) {
        int changed = 0;
        if (node instanceof ObjectNode o && o.has("retention_ms")) {
            o.put("retention_ms", retentionMs);
            changed++;
        }
        for (JsonNode child : node) {
            changed += setRetention(child, retentionMs);
        }
        return changed;
    }

    private static HttpResponse<String> install(TesseraServer server, String plan) throws Exception {
        return CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://" + server.address() + "/api/v1/plan"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(plan))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aViewRetentionBeyondTheRawRetentionIsRefused() throws Exception {
        try (TesseraServer server =
                TesseraServer.start(ConfigLoader.parse("listen: 127.0.0.1:0\nstorage:\n  retention: 2d\n"))) {
            HttpResponse<String> unbounded = install(server, planWithRetention(Long.MAX_VALUE));
            assertThat(unbounded.statusCode()).isEqualTo(400);
            JsonNode error = JSON.readTree(unbounded.body());
            assertThat(error.get("errorType").asText()).isEqualTo("bad_data");
            assertThat(error.get("error").asText())
                    .contains("retention_ms " + Long.MAX_VALUE)
                    .contains("storage.retention (2d)");
            HttpResponse<String> threeDays = install(server, planWithRetention(3 * 86_400_000L));
            assertThat(threeDays.statusCode()).isEqualTo(400);
            assertThat(JSON.readTree(threeDays.body()).get("error").asText()).contains("(3d)");
            assertThat(server.installedPlan()).as("nothing was installed").isNull();

            HttpResponse<String> oneDay = install(server, planWithRetention(86_400_000L));
            assertThat(oneDay.statusCode()).as(oneDay.body()).isEqualTo(200);
            assertThat(server.installedPlan()).isNotNull();
        }
    }
}
