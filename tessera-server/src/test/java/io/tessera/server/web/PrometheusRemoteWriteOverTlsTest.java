package io.tessera.server.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Prometheus scrapes itself every second and remote-writes to a Tessera that takes only
 * HTTPS with basic auth, trusting Tessera's certificate through its CA file as an operator
 * configures it; its samples then answer queries on Tessera's authenticated API.
 */
class PrometheusRemoteWriteOverTlsTest {

    private static final Path PROMETHEUS =
            Path.of(System.getenv().getOrDefault("PROMETHEUS_BIN", "/usr/bin/prometheus"));

    @TempDir
    Path dir;

    @Test
    void prometheusWritesOverTlsWithBasicAuth() throws Exception {
        assumeTrue(
                Files.isExecutable(PROMETHEUS),
                "Prometheus is not installed at " + PROMETHEUS
                        + " (Debian: apt-get install -y prometheus, or set PROMETHEUS_BIN); skipping the end-to-end test");
        TestPki pki = TestPki.create(dir);
        Path webConfig = dir.resolve("web.yml");
        Files.writeString(webConfig, """
                tls_server_config:
                  cert_file: %s
                  key_file: %s
                basic_auth_users:
                  prometheus: %s
                """.formatted(pki.serverCert, pki.serverKey, TestPki.bcrypt("scrape-and-send")));
        TesseraServer tessera = TesseraServer.start(
                ConfigLoader.parse("listen: 127.0.0.1:0\n").withWebConfigFile(webConfig.toString()));
        Process prometheus = null;
        Path log = dir.resolve("prometheus.log");
        try {
            int port = freePort();
            Path config = dir.resolve("prometheus.yml");
            Files.writeString(config, """
                    global:
                      scrape_interval: 1s
                    scrape_configs:
                      - job_name: prometheus
                        static_configs:
                          - targets: ['127.0.0.1:%d']
                    remote_write:
                      - url: https://127.0.0.1:%d/api/v1/write
                        basic_auth:
                          username: prometheus
                          password: scrape-and-send
                        tls_config:
                          ca_file: %s
                        queue_config:
                          batch_send_deadline: 1s
                    """.formatted(port, tessera.port(), pki.caCert));
            prometheus = new ProcessBuilder(
                            PROMETHEUS.toString(),
                            "--config.file=" + config,
                            "--storage.tsdb.path=" + dir.resolve("data"),
                            "--web.listen-address=127.0.0.1:" + port,
                            "--log.level=warn")
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            HttpClient https = HttpClient.newBuilder()
                    .sslContext(pki.clientContext(false))
                    .connectTimeout(Duration.ofSeconds(10))
                    .build();
            String auth = WebConfigFileTest.basic("prometheus", "scrape-and-send");
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            String up = "";
            String buildInfo = "";
            while (System.nanoTime() < deadline && !(up.contains("\"value\"") && buildInfo.contains("\"value\""))) {
                assertThat(prometheus.isAlive())
                        .as("Prometheus exited: " + Files.readString(log))
                        .isTrue();
                Thread.sleep(500);
                up = query(https, tessera, auth, "up{job=\"prometheus\"}");
                buildInfo = query(https, tessera, auth, "prometheus_build_info");
            }
            assertThat(up)
                    .as("up from Prometheus' own scrape, remote-written over TLS; Prometheus log: "
                            + Files.readString(log))
                    .contains("\"instance\":\"127.0.0.1:" + port + "\"")
                    .contains("\"value\":[");
            assertThat(up).contains(",\"1\"]");
            assertThat(buildInfo).contains("\"version\":\"");
            HttpResponse<String> anonymous = https.send(
                    HttpRequest.newBuilder(URI.create(tessera.baseUrl() + "/api/v1/query?query=up"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(anonymous.statusCode()).isEqualTo(401);
        } finally {
            if (prometheus != null) {
                prometheus.destroy();
                if (!prometheus.waitFor(30, TimeUnit.SECONDS)) {
                    prometheus.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
                }
            }
            tessera.close();
        }
    }

    private static String query(HttpClient https, TesseraServer tessera, String auth, String promql)
            throws IOException, InterruptedException {
        HttpResponse<String> r = https.send(
                HttpRequest.newBuilder(URI.create(tessera.baseUrl() + "/api/v1/query?query="
                                + URLEncoder.encode(promql, StandardCharsets.UTF_8)))
                        .header("Authorization", auth)
                        .timeout(Duration.ofSeconds(20))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return r.body();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
