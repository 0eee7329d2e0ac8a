package io.tessera.server.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Labels;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.ingest.remote.RemoteWriteEncoder;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server whose web configuration file turns on TLS and basic auth: every endpoint answers 401
 * without credentials, serves with them over HTTPS, and plain HTTP gets no HTTP answer.
 */
class WebConfigFileTest {

    @TempDir
    static Path dir;

    static TestPki pki;
    static TesseraServer server;
    static HttpClient https;
    static Path webConfig;

    private record Call(String name, Supplier<HttpRequest.Builder> request, int expected) {}

    @BeforeAll
    static void start() throws Exception {
        pki = TestPki.create(dir);
        webConfig = dir.resolve("web.yml");
        Files.writeString(webConfig, """
                tls_server_config:
                  cert_file: server.crt
                  key_file: server.key
                  min_version: TLS12
                basic_auth_users:
                  alice: %s
                http_server_config:
                  http2: false
                  headers:
                    X-Frame-Options: deny
                    Strict-Transport-Security: max-age=31536000
                """.formatted(TestPki.bcrypt("wonderland")));
        Path config = dir.resolve("tessera.yaml");
        Files.writeString(config, """
                listen: 127.0.0.1:0
                web:
                  config_file: %s
                tables:
                  - name: requests
                    time_column: ts
                    dimensions: [{name: host, type: STRING}]
                    measures: [{name: latency, type: DOUBLE}]
                """.formatted(webConfig));
        server = TesseraServer.start(ConfigLoader.load(config));
        https = HttpClient.newBuilder()
                .sslContext(pki.clientContext(false))
                .connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    static String base() {
        return "https://127.0.0.1:" + server.port();
    }

    static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    private static HttpRequest.Builder get(String path) {
        return HttpRequest.newBuilder(URI.create(base() + path)).timeout(Duration.ofSeconds(30));
    }

    private static HttpRequest.Builder post(String path, String contentType, byte[] body) {
        return get(path).header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofByteArray(body));
    }

    static byte[] remoteWrite(String metric, long t, double v) {
        WriteBatchBuilder batch = new WriteBatchBuilder(NameValidation.UTF8);
        batch.addSample(t, v);
        batch.endSeries(Labels.of("__name__", metric, "job", "web"));
        return RemoteWriteEncoder.encode(batch.build());
    }

    private static List<Call> everyEndpoint() {
        long now = System.currentTimeMillis();
        String plan = InstallablePlanCodec.toJson(Planner.plan(Workload.of(List.of(
                                WorkloadQuery.range("sum_over_time(web_metric[10m])", 3_600_000, 60_000, 10_000)))
                        .withEstimates(100, 15_000))
                .plan());
        String q = URLEncoder.encode("web_metric", StandardCharsets.UTF_8);
        return List.of(
                new Call("healthy", () -> get("/-/healthy"), 200),
                new Call("ready", () -> get("/-/ready"), 200),
                new Call("metrics", () -> get("/metrics"), 200),
                new Call(
                        "remote write",
                        () -> post("/api/v1/write", "application/x-protobuf", remoteWrite("web_metric", now, 1))
                                .header("Content-Encoding", "snappy"),
                        204),
                new Call(
                        "import",
                        () -> post(
                                "/api/v1/import/prometheus",
                                "text/plain",
                                ("web_imported 2 " + now + "\n").getBytes(StandardCharsets.UTF_8)),
                        204),
                new Call("instant query", () -> get("/api/v1/query?query=" + q), 200),
                new Call(
                        "range query",
                        () -> get("/api/v1/query_range?query=" + q + "&start=" + (now / 1000 - 60) + "&end="
                                + now / 1000 + "&step=15"),
                        200),
                new Call("labels", () -> get("/api/v1/labels"), 200),
                new Call("buildinfo", () -> get("/api/v1/status/buildinfo"), 200),
                new Call(
                        "plan install",
                        () -> post("/api/v1/plan", "application/json", plan.getBytes(StandardCharsets.UTF_8)),
                        200),
                new Call("plan", () -> get("/api/v1/plan"), 200),
                new Call(
                        "table rows",
                        () -> post(
                                "/api/v1/tables/requests/rows",
                                "application/x-ndjson",
                                ("{\"ts\": " + now + ", \"host\": \"a\", \"latency\": 1.5}\n")
                                        .getBytes(StandardCharsets.UTF_8)),
                        200),
                new Call(
                        "sql",
                        () -> post(
                                "/api/v1/sql",
                                "application/json",
                                "{\"query\": \"SELECT count(*) FROM requests\"}".getBytes(StandardCharsets.UTF_8)),
                        200),
                new Call(
                        "clickhouse",
                        () -> get("/?query=" + URLEncoder.encode("SELECT 1", StandardCharsets.UTF_8)),
                        200),
                new Call("clickhouse ping", () -> get("/ping"), 200),
                new Call("unknown path", () -> get("/nowhere"), 404));
    }

    @Test
    void everyEndpointAsksForCredentialsAndServesWithThem() throws Exception {
        for (Call call : everyEndpoint()) {
            HttpResponse<String> anonymous =
                    https.send(call.request().get().build(), HttpResponse.BodyHandlers.ofString());
            assertThat(anonymous.statusCode())
                    .as(call.name() + " without credentials")
                    .isEqualTo(401);
            assertHeader(call, anonymous, "WWW-Authenticate", "Basic");
            assertHeader(call, anonymous, "X-Frame-Options", "deny");
            assertUnauthorized(call, "alice", "looking-glass", " with a wrong password");
            assertUnauthorized(call, "bob", "wonderland", " as an unknown user");
            HttpResponse<String> alice = sendAs(call.request().get(), "alice", "wonderland");
            assertThat(alice.statusCode())
                    .as(call.name() + " with credentials: " + alice.body())
                    .isEqualTo(call.expected());
            assertHeader(call, alice, "X-Frame-Options", "deny");
            assertHeader(call, alice, "Strict-Transport-Security", "max-age=31536000");
        }
        HttpResponse<String> answer = sendAs(get("/api/v1/query?query=web_metric"), "alice", "wonderland");
        assertThat(answer.body()).contains("\"__name__\":\"web_metric\"");
    }

    private static void assertHeader(Call call, HttpResponse<String> response, String header, String value) {
        assertThat(response.headers().firstValue(header)).as(call.name()).hasValue(value);
    }

    private static void assertUnauthorized(Call call, String user, String password, String why) throws Exception {
        assertThat(sendAs(call.request().get(), user, password).statusCode())
                .as(call.name() + why)
                .isEqualTo(401);
    }

    /** {@code request} sent over TLS with basic credentials of {@code user} and {@code password}. */
    private static HttpResponse<String> sendAs(HttpRequest.Builder request, String user, String password)
            throws Exception {
        return https.send(
                request.header("Authorization", basic(user, password)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void plainHttpOnTheTlsPortGetsNoHttpAnswer() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write("GET /-/healthy HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            byte[] answer = readUpTo(socket.getInputStream(), 4096);
            assertThat(new String(answer, StandardCharsets.ISO_8859_1))
                    .doesNotContain("HTTP/1.")
                    .doesNotContain("Healthy");
        }
        HttpClient plain =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        assertThatThrownBy(() -> plain.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/-/healthy"))
                                .timeout(Duration.ofSeconds(10))
                                .header("Authorization", basic("alice", "wonderland"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString()))
                .isInstanceOf(IOException.class);
    }

    @Test
    void aChangedFileIsReadAgainOnTheNextRequest() throws Exception {
        String original = Files.readString(webConfig);
        try {
            Files.writeString(
                    webConfig,
                    original.replaceFirst(
                            "alice: \\S+",
                            "carol: " + TestPki.bcrypt("rabbit-hole").replace("$", "\\$")));
            HttpResponse<String> alice = sendAs(get("/-/healthy"), "alice", "wonderland");
            assertThat(alice.statusCode()).isEqualTo(401);
            HttpResponse<String> carol = sendAs(get("/-/healthy"), "carol", "rabbit-hole");
            assertThat(carol.statusCode()).isEqualTo(200);
            Files.writeString(webConfig, "basic_auth_users: [not, a, mapping\n");
            HttpResponse<String> broken = sendAs(get("/-/healthy"), "carol", "rabbit-hole");
            assertThat(broken.statusCode())
                    .as("a broken file keeps the configuration in force")
                    .isEqualTo(200);
            HttpResponse<String> stillClosed =
                    https.send(get("/-/healthy").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(stillClosed.statusCode()).isEqualTo(401);
        } finally {
            Files.writeString(webConfig, original);
        }
        HttpResponse<String> back = sendAs(get("/-/healthy"), "alice", "wonderland");
        assertThat(back.statusCode()).isEqualTo(200);
    }

    @Test
    void sighupRereadsTheFileEvenWhenItLooksUnchanged() throws Exception {
        String original = Files.readString(webConfig);
        java.nio.file.attribute.FileTime modified = Files.getLastModifiedTime(webConfig);
        try {
            // the same size and modification time: only the signal can tell the server to read it again
            String swapped = original.replaceFirst(
                    "alice: \\S+", "alice: " + TestPki.bcrypt("queen-of-hearts").replace("$", "\\$"));
            assertThat(swapped).hasSameSizeAs(original);
            Files.writeString(webConfig, swapped);
            Files.setLastModifiedTime(webConfig, modified);
            HttpResponse<String> before = sendAs(get("/-/healthy"), "alice", "queen-of-hearts");
            assertThat(before.statusCode())
                    .as("no reload without a visible change")
                    .isEqualTo(401);
            Process kill = new ProcessBuilder(
                            "kill",
                            "-HUP",
                            Long.toString(ProcessHandle.current().pid()))
                    .start();
            assertThat(kill.waitFor()).isZero();
            int status = 0;
            for (int i = 0; i < 100 && status != 200; i++) {
                Thread.sleep(100);
                status = sendAs(get("/-/healthy"), "alice", "queen-of-hearts").statusCode();
            }
            assertThat(status).as("after SIGHUP the new hash is in force").isEqualTo(200);
        } finally {
            Files.writeString(webConfig, original);
        }
    }

    static byte[] readUpTo(InputStream in, int max) throws IOException {
        byte[] buf = new byte[max];
        int total = 0;
        try {
            int n;
            while (total < max && (n = in.read(buf, total, max - total)) > 0) {
                total += n;
            }
        } catch (IOException e) {
            // a reset connection is an answer too: no HTTP
        }
        return java.util.Arrays.copyOf(buf, total);
    }
}
