package io.tessera.server.accel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.QueryResult;
import io.tessera.server.ServerHttp;
import io.tessera.server.TesseraServer;
import io.tessera.store.StoreDataStore;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code accelerate=false} on the query API: the same server, with views installed that cover
 * the query, answers it from raw data instead, bit for bit what the exact engine computes, and
 * says nothing about views; any other value is a bad_data error.
 */
class AccelerateParameterTest {

    private static final long T0 = 1_767_225_600_000L;
    private static final long SPAN = 40 * 60_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private static TesseraServer server;

    @BeforeAll
    static void start() throws Exception {
        server = AccelerationEndToEndTest.startWithViews(23, 20, false);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "quantile_over_time(0.9, latency[10m])",
                "sum_over_time(latency[10m])",
                "sum by (job) (rate(requests_total[5m]))"
            })
    void falseAnswersExactlyWhereAViewCoversTheQuery(String query) throws Exception {
        long t = T0 + SPAN - 61_234;
        String form = "query=" + URLEncoder.encode(query, StandardCharsets.UTF_8) + "&time=" + t / 1000.0;
        JsonNode accelerated = JSON.readTree(send("/api/v1/query", form).body());
        assertThat(accelerated.path("infos").toString()).as(query).contains("answered from view");
        HttpResponse<String> r = send("/api/v1/query", form + "&accelerate=false");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode exact = JSON.readTree(r.body());
        assertThat(exact.path("infos").toString()).as(query).doesNotContain("answered from view");

        QueryResult expected = new PromqlEngine(PromqlEngine.Options.DEFAULTS)
                .instant(query, t, new StoreDataStore(server.rawStore()));
        Map<String, Double> want = new HashMap<>();
        for (QueryResult.Sample s : ((QueryResult.VectorResult) expected).samples()) {
            want.put(s.labels().toString(), s.value());
        }
        Map<String, Double> got = new HashMap<>();
        for (JsonNode s : exact.path("data").path("result")) {
            got.put(
                    ServerHttp.labels(s.path("metric")).toString(),
                    Double.parseDouble(s.path("value").get(1).asText()));
        }
        assertThat(got).as(query).isEqualTo(want);
    }

    @Test
    void trueIsTheDefault() throws Exception {
        String form = "query=" + URLEncoder.encode("sum_over_time(latency[10m])", StandardCharsets.UTF_8) + "&time="
                + (T0 + SPAN - 61_234) / 1000.0 + "&accelerate=true";
        assertThat(JSON.readTree(send("/api/v1/query", form).body())
                        .path("infos")
                        .toString())
                .contains("answered from view");
    }

    @Test
    void anyOtherValueIsBadData() throws Exception {
        HttpResponse<String> r = send("/api/v1/query", "query=up&accelerate=no");
        assertThat(r.statusCode()).isEqualTo(400);
        JsonNode body = JSON.readTree(r.body());
        assertThat(body.path("errorType").asText()).isEqualTo("bad_data");
        assertThat(body.path("error").asText())
                .isEqualTo("invalid parameter \"accelerate\": expected true or false, got \"no\"");
    }

    private static HttpResponse<String> send(String path, String body) throws Exception {
        return ServerHttp.post(server.address(), path, body);
    }
}
