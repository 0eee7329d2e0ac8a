package io.tessera.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.ingest.remote.RemoteWriteEncoder;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.server.LoopbackServers;
import io.tessera.server.TesseraServer;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The requests a web page on another site can make a browser send without asking first (simple
 * content types, its Origin attached) cannot install a plan or add samples; the same writes
 * from a client that is not a browser, from the server's own origin, or from an origin the
 * CORS setting allows still go through.
 */
class CrossSiteWritesTest {

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private static final String EVIL = "http://attacker.example";

    private static String plan() {
        return InstallablePlanCodec.toJson(Planner.plan(Workload.of(
                                List.of(WorkloadQuery.range("sum_over_time(forged[10m])", 3_600_000, 60_000, 10_000)))
                        .withEstimates(100, 15_000))
                .plan());
    }

    private static HttpResponse<String> post(
            TesseraServer server, String path, String contentType, byte[] body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://" + server.address() + path))
                .timeout(Duration.ofSeconds(20))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        if (headers.length > 0) {
            b.headers(headers);
        }
        return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String query(TesseraServer server, String promql) throws Exception {
        return CLIENT.send(
                        HttpRequest.newBuilder(URI.create("http://" + server.address() + "/api/v1/query?query="
                                        + URLEncoder.encode(promql, StandardCharsets.UTF_8)))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }

    private static int planStatus(TesseraServer server) throws Exception {
        return CLIENT.send(
                        HttpRequest.newBuilder(URI.create("http://" + server.address() + "/api/v1/plan"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .statusCode();
    }

    @Test
    void aPageOnAnotherSiteCannotInstallAPlan() throws Exception {
        try (TesseraServer server = LoopbackServers.start("")) {
            byte[] plan = plan().getBytes(StandardCharsets.UTF_8);
            // fetch(url, {method: "POST", mode: "no-cors", body: planText}): text/plain, with the page's Origin
            HttpResponse<String> fetch = post(
                    server,
                    "/api/v1/plan",
                    "text/plain;charset=UTF-8",
                    plan,
                    "Origin",
                    EVIL,
                    "Sec-Fetch-Site",
                    "cross-site",
                    "Sec-Fetch-Mode",
                    "no-cors");
            assertThat(fetch.statusCode()).isEqualTo(403);
            assertThat(fetch.body()).contains("\"status\":\"error\"").contains(EVIL);
            // an HTML form with enctype="text/plain" or the default encoding, from a browser that sends no Origin
            assertThat(post(server, "/api/v1/plan", "text/plain", plan).statusCode())
                    .isEqualTo(415);
            assertThat(post(server, "/api/v1/plan", "application/x-www-form-urlencoded", plan)
                            .statusCode())
                    .isEqualTo(415);
            assertThat(post(server, "/api/v1/plan", "multipart/form-data; boundary=x", plan)
                            .statusCode())
                    .isEqualTo(415);
            assertThat(post(server, "/api/v1/plan", null, plan).statusCode()).isEqualTo(415);
            assertThat(planStatus(server)).as("no plan was installed").isEqualTo(404);

            HttpResponse<String> json = post(server, "/api/v1/plan", "application/json", plan);
            assertThat(json.statusCode()).as(json.body()).isEqualTo(200);
            assertThat(planStatus(server)).isEqualTo(200);
        }
    }

    @Test
    void aPageOnAnotherSiteCannotWriteSamples() throws Exception {
        try (TesseraServer server = LoopbackServers.start("")) {
            long now = System.currentTimeMillis();
            byte[] text = ("forged_metric 1 " + now + "\n").getBytes(StandardCharsets.UTF_8);
            assertThat(post(server, "/api/v1/import/prometheus", "text/plain", text, "Origin", EVIL)
                            .statusCode())
                    .isEqualTo(403);
            assertThat(post(server, "/api/v1/import/prometheus", "text/plain", text, "Origin", "null")
                            .statusCode())
                    .isEqualTo(403);
            assertThat(post(server, "/api/v1/import/prometheus", "text/plain", text, "Sec-Fetch-Site", "cross-site")
                            .statusCode())
                    .isEqualTo(403);
            assertThat(post(server, "/api/v1/import/prometheus", "text/plain", text, "Origin", "http://127.0.0.1:1")
                            .statusCode())
                    .as("another port on the same host is another origin")
                    .isEqualTo(403);
            byte[] protobuf = remoteWrite("forged_metric", now);
            assertThat(post(server, "/api/v1/write", "text/plain", protobuf, "Content-Encoding", "snappy")
                            .statusCode())
                    .isEqualTo(415);
            assertThat(post(
                                    server,
                                    "/api/v1/write",
                                    "application/x-protobuf",
                                    protobuf,
                                    "Content-Encoding",
                                    "snappy",
                                    "Origin",
                                    EVIL)
                            .statusCode())
                    .isEqualTo(403);
            assertThat(post(
                                    server,
                                    "/api/v1/write",
                                    "application/x-www-form-urlencoded",
                                    protobuf,
                                    "Content-Encoding",
                                    "snappy")
                            .statusCode())
                    .isEqualTo(415);
            assertThat(query(server, "forged_metric")).as("nothing was stored").contains("\"result\":[]");

            assertThat(post(server, "/api/v1/import/prometheus", "text/plain", text)
                            .statusCode())
                    .as("curl")
                    .isEqualTo(204);
            assertThat(post(
                                    server,
                                    "/api/v1/import/prometheus",
                                    "text/plain",
                                    ("own_origin 2 " + now + "\n").getBytes(StandardCharsets.UTF_8),
                                    "Origin",
                                    "http://" + server.address(),
                                    "Sec-Fetch-Site",
                                    "same-origin")
                            .statusCode())
                    .isEqualTo(204);
            assertThat(query(server, "forged_metric")).contains("\"forged_metric\"");
            assertThat(query(server, "own_origin")).contains("\"own_origin\"");
        }
    }

    @Test
    void anOriginTheCorsSettingAllowsMayReadAndWrite() throws Exception {
        try (TesseraServer server = LoopbackServers.start("""
                web:
                  cors_origin: 'https://grafana\\.example'
                """)) {
            long now = System.currentTimeMillis();
            HttpResponse<String> allowed = importFrom(server, now, "https://grafana.example");
            assertThat(allowed.statusCode()).isEqualTo(204);
            assertThat(allowed.headers().firstValue("Access-Control-Allow-Origin"))
                    .hasValue("https://grafana.example");
            HttpResponse<String> other = importFrom(server, now, "https://grafana.example.attacker.example");
            assertThat(other.statusCode()).as("the pattern is anchored").isEqualTo(403);
            assertThat(other.headers().firstValue("Access-Control-Allow-Origin"))
                    .isEmpty();
            HttpResponse<String> preflight = CLIENT.send(
                    HttpRequest.newBuilder(URI.create("http://" + server.address() + "/api/v1/plan"))
                            .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                            .header("Origin", "https://grafana.example")
                            .header("Access-Control-Request-Method", "POST")
                            .header("Access-Control-Request-Headers", "content-type")
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(preflight.statusCode()).isEqualTo(204);
            assertThat(preflight
                            .headers()
                            .firstValue("Access-Control-Allow-Methods")
                            .orElseThrow())
                    .contains("POST");
            assertThat(preflight
                            .headers()
                            .firstValue("Access-Control-Allow-Headers")
                            .orElseThrow())
                    .contains("Content-Type");
        }
    }

    /** One sample of {@code cors_metric} at {@code now} imported with the request sent by a page of {@code origin}. */
    private static HttpResponse<String> importFrom(TesseraServer server, long now, String origin) throws Exception {
        return post(
                server,
                "/api/v1/import/prometheus",
                "text/plain",
                ("cors_metric 1 " + now + "\n").getBytes(StandardCharsets.UTF_8),
                "Origin",
                origin);
    }

    private static byte[] remoteWrite(String metric, long t) {
        WriteBatchBuilder batch = new WriteBatchBuilder(NameValidation.UTF8);
        batch.addSample(t, 1);
        batch.endSeries(Labels.of("__name__", metric));
        return RemoteWriteEncoder.encode(batch.build());
    }
}
