package io.tessera.server.api;

import static io.tessera.server.api.QueryApiTest.assertError;
import static io.tessera.server.api.QueryApiTest.seconds;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/** Series, labels, label values, metadata, status and unknown paths, as Grafana calls them. */
class MetadataApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** 2023-11-14T22:13:20Z; "old" series have samples only an hour before it. */
    private static final long T = 1_700_000_000_000L;

    @AutoClose
    private static final ApiClient api = ApiClient.importing("""
            up{job="api",instance="a"} 1 %1$d
            up{job="api",instance="b"} 0 %1$d
            up{job="db",instance="c"} 1 %1$d
            up{job="old",instance="d"} 1 %2$d
            node_load1{job="node",instance="a",path="x<y&z"} 0.5 %1$d
            """.formatted(T, T - 3_600_000));

    @Test
    void seriesNeedsMatchAndHonoursTheRange() {
        HttpResponse<String> all = api.get("/api/v1/series", "match[]", "up");
        assertThat(all.body())
                .isEqualTo("{\"status\":\"success\",\"data\":["
                        + "{\"__name__\":\"up\",\"instance\":\"a\",\"job\":\"api\"},"
                        + "{\"__name__\":\"up\",\"instance\":\"b\",\"job\":\"api\"},"
                        + "{\"__name__\":\"up\",\"instance\":\"c\",\"job\":\"db\"},"
                        + "{\"__name__\":\"up\",\"instance\":\"d\",\"job\":\"old\"}]}");
        HttpResponse<String> recent = api.post(
                "/api/v1/series",
                "",
                "match[]",
                "up{job=\"api\"}",
                "match[]",
                "node_load1",
                "start",
                seconds(T - 60_000),
                "end",
                seconds(T));
        assertThat(recent.body())
                .isEqualTo("{\"status\":\"success\",\"data\":["
                        + "{\"__name__\":\"node_load1\",\"instance\":\"a\",\"job\":\"node\",\"path\":\"x<y&z\"},"
                        + "{\"__name__\":\"up\",\"instance\":\"a\",\"job\":\"api\"},"
                        + "{\"__name__\":\"up\",\"instance\":\"b\",\"job\":\"api\"}]}");
        assertThat(api.get("/api/v1/series", "match[]", "up", "start", seconds(T), "end", seconds(T))
                        .body())
                .as("both ends of the range are included")
                .contains("\"instance\":\"a\"")
                .doesNotContain("\"old\"");
        assertError(api.get("/api/v1/series"), 400, "bad_data", "no match[] parameter provided");
        assertThat(api.get("/api/v1/series", "match[]", "up", "limit", "2").body())
                .endsWith("],\"warnings\":[\"results truncated due to limit\"]}");
    }

    @Test
    void labelNamesWithAndWithoutMatchGetAndPost() {
        assertThat(api.get("/api/v1/labels").body())
                .isEqualTo("{\"status\":\"success\",\"data\":[\"__name__\",\"instance\",\"job\",\"path\"]}");
        HttpResponse<String> grafana =
                api.post("/api/v1/labels", "", "match[]", "up", "start", seconds(T - 600_000), "end", seconds(T));
        assertThat(grafana.statusCode()).isEqualTo(200);
        assertThat(grafana.body()).isEqualTo("{\"status\":\"success\",\"data\":[\"__name__\",\"instance\",\"job\"]}");
        assertThat(api.get("/api/v1/labels", "limit", "1").body())
                .isEqualTo(
                        "{\"status\":\"success\",\"data\":[\"__name__\"],\"warnings\":[\"results truncated due to limit\"]}");
        assertThat(api.get("/api/v1/labels", "start", seconds(T + 1000)).body())
                .isEqualTo("{\"status\":\"success\",\"data\":[]}");
    }

    @Test
    void labelValuesAsGrafanaAsksForThem() {
        HttpResponse<String> r =
                api.get("/api/v1/label/job/values", "match[]", "up", "start", seconds(T - 600_000), "end", seconds(T));
        assertThat(r.body()).isEqualTo("{\"status\":\"success\",\"data\":[\"api\",\"db\"]}");
        assertThat(api.get("/api/v1/label/job/values").body())
                .isEqualTo("{\"status\":\"success\",\"data\":[\"api\",\"db\",\"node\",\"old\"]}");
        assertThat(api.get("/api/v1/label/__name__/values", "start", "2023-11-14T22:00:00Z")
                        .body())
                .isEqualTo("{\"status\":\"success\",\"data\":[\"node_load1\",\"up\"]}");
        assertThat(api.get("/api/v1/label/path/values").body())
                .as("Go escapes HTML characters in plain strings")
                .isEqualTo("{\"status\":\"success\",\"data\":[\"x\\u003cy\\u0026z\"]}");
        assertThat(api.get("/api/v1/label/U__pa_74_h/values").body())
                .isEqualTo("{\"status\":\"success\",\"data\":[\"x\\u003cy\\u0026z\"]}");
        assertThat(api.get("/api/v1/label/job/values", "match[]", "up", "match[]", "node_load1", "limit", "2")
                        .body())
                .isEqualTo(
                        "{\"status\":\"success\",\"data\":[\"api\",\"db\"],\"warnings\":[\"results truncated due to limit\"]}");
    }

    @Test
    void resultLabelsAreNotHtmlEscaped() {
        assertThat(api.get("/api/v1/query", "query", "node_load1", "time", seconds(T))
                        .body())
                .contains(
                        "{\"metric\":{\"__name__\":\"node_load1\",\"instance\":\"a\",\"job\":\"node\",\"path\":\"x<y&z\"},\"value\":[1700000000,\"0.5\"]}");
    }

    @Test
    void badMatchersAreBadData() {
        HttpResponse<String> empty = api.get("/api/v1/labels", "match[]", "{job=~\".*\"}");
        assertError(empty, 400, "bad_data", "match[] must contain at least one non-empty matcher");
        HttpResponse<String> broken = api.get("/api/v1/label/job/values", "match[]", "up{");
        assertThat(broken.statusCode()).isEqualTo(400);
        assertThat(broken.body()).startsWith("{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"1:");
        HttpResponse<String> series = api.get("/api/v1/series", "match[]", "up{");
        assertThat(series.body())
                .startsWith(
                        "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"invalid parameter \\\"match[]\\\": 1:");
        assertError(
                api.get("/api/v1/labels", "start", "then"),
                400,
                "bad_data",
                "invalid parameter \\\"start\\\": invalid time value for 'start': cannot parse \\\"then\\\" to a valid timestamp");
    }

    @Test
    void metadataIsAnEmptyObject() {
        assertThat(api.get("/api/v1/metadata").body()).isEqualTo("{\"status\":\"success\",\"data\":{}}");
    }

    /** Prometheus 2.42's answers for a server without rule files. */
    @Test
    void rulesAndAlertsAreEmptyAsForAPrometheusWithoutRules() {
        assertThat(api.get("/api/v1/rules").body()).isEqualTo("{\"status\":\"success\",\"data\":{\"groups\":[]}}");
        assertThat(api.get("/api/v1/rules", "type", "alert").body())
                .isEqualTo("{\"status\":\"success\",\"data\":{\"groups\":[]}}");
        HttpResponse<String> bad = api.get("/api/v1/rules", "type", "foo");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body())
                .isEqualTo(
                        "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"invalid parameter \\\"type\\\": not supported value \\\"foo\\\"\"}");
        assertThat(api.get("/api/v1/alerts").body()).isEqualTo("{\"status\":\"success\",\"data\":{\"alerts\":[]}}");
    }

    @Test
    void buildInfoReportsAPrometheusVersion() throws IOException {
        HttpResponse<String> r = api.get("/api/v1/status/buildinfo");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonNode data = JSON.readTree(r.body()).get("data");
        assertThat(data.get("version").asText()).isEqualTo("2.53.0");
        assertThat(data.properties())
                .extracting(java.util.Map.Entry::getKey)
                .containsExactly("version", "revision", "branch", "buildUser", "buildDate", "goVersion");
        assertThat(data.get("revision").asText()).startsWith("tessera-");
    }

    @Test
    void runtimeInfoHasPrometheusFields() throws IOException {
        JsonNode data =
                JSON.readTree(api.get("/api/v1/status/runtimeinfo").body()).get("data");
        assertThat(data.get("storageRetention").asText()).isEqualTo("100y");
        assertThat(data.get("startTime").asText()).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{9}Z");
        assertThat(data.has("GOMAXPROCS")).isTrue();
    }

    @Test
    void crossOriginRequestsGetPrometheusCorsHeaders() {
        HttpResponse<String> preflight = api.send(HttpRequest.newBuilder(api.uri("/api/v1/query_range"))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "http://grafana.example"));
        assertThat(preflight.statusCode()).isEqualTo(204);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin"))
                .hasValue("*");
        HttpResponse<String> get =
                api.send(HttpRequest.newBuilder(api.uri("/api/v1/labels")).header("Origin", "http://grafana.example"));
        assertThat(get.headers().firstValue("Access-Control-Allow-Methods")).hasValue("GET, POST, OPTIONS");
        assertThat(api.get("/api/v1/labels").headers().firstValue("Access-Control-Allow-Origin"))
                .isEmpty();
    }

    @Test
    void unknownApiPathsAreJson404s() {
        assertError(api.get("/api/v1/nope"), 404, "not_found", "no API endpoint at /api/v1/nope");
        assertError(api.get("/api/v1/label/job"), 404, "not_found", "no API endpoint at /api/v1/label/job");
        assertError(
                api.send(HttpRequest.newBuilder(api.uri("/api/v1/status/flagz")).DELETE()),
                404,
                "not_found",
                "no API endpoint at /api/v1/status/flagz");
        assertThat(api.get("/nope").statusCode()).isEqualTo(404);
        HttpResponse<String> put =
                api.send(HttpRequest.newBuilder(api.uri("/api/v1/query")).PUT(HttpRequest.BodyPublishers.noBody()));
        assertThat(put.statusCode()).isEqualTo(405);
    }
}
