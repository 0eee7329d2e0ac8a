package io.tessera.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.server.config.ServerConfig;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class TesseraServerTest {

    private static TesseraServer server;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        server = TesseraServer.start(ServerConfig.DEFAULTS.withListen("127.0.0.1:0"));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://" + server.address() + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void answersHealthAndReadiness() throws Exception {
        assertThat(get("/-/healthy").statusCode()).isEqualTo(200);
        HttpResponse<String> ready = get("/-/ready");
        assertThat(ready.statusCode()).isEqualTo(200);
        assertThat(ready.body()).contains("Ready");
    }

    @Test
    void servesMetricsInTextFormat() throws Exception {
        server.metrics().counter("tessera_test_total", "A test counter.").add(3);
        HttpResponse<String> r = get("/metrics");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type"))
                .hasValueSatisfying(v -> assertThat(v).startsWith("text/plain; version=0.0.4"));
        assertThat(r.body()).contains("# TYPE tessera_test_total counter\ntessera_test_total 3.0\n");
    }

    @Test
    void unknownPathsAndMethodsAreRefused() throws Exception {
        assertThat(get("/nope").statusCode()).isEqualTo(404);
        HttpResponse<String> post = CLIENT.send(
                HttpRequest.newBuilder(URI.create("http://" + server.address() + "/-/healthy"))
                        .POST(HttpRequest.BodyPublishers.ofString("x"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(post.statusCode()).isEqualTo(405);
    }

    @Test
    void listensOnLoopbackByDefault() {
        assertThat(ServerConfig.DEFAULTS.host()).isEqualTo("127.0.0.1");
        assertThat(ServerConfig.DEFAULTS.port()).isEqualTo(9470);
    }
}
