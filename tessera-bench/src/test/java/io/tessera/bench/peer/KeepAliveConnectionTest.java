package io.tessera.bench.peer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The bench's query connection against the JDK's HTTP server: fixed and chunked bodies, reuse, closes. */
class KeepAliveConnectionTest {

    private HttpServer server;
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/echo", e -> answer(e, 200, "got " + body(e), false, false));
        server.createContext("/chunked", e -> answer(e, 200, "x".repeat(200_000) + body(e), true, false));
        server.createContext("/close", e -> answer(e, 503, "bye", false, true));
        server.createContext("/slow", e -> {
            try {
                Thread.sleep(2_000);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            answer(e, 200, "late", false, false);
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private String body(HttpExchange e) throws IOException {
        clientPorts.add(e.getRemoteAddress().getPort());
        return new String(e.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    }

    private static void answer(HttpExchange e, int status, String text, boolean chunked, boolean close)
            throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        if (close) {
            e.getResponseHeaders().add("Connection", "close");
        }
        e.sendResponseHeaders(status, chunked ? 0 : bytes.length);
        try (OutputStream out = e.getResponseBody()) {
            out.write(bytes);
        }
    }

    private String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Test
    void readsFixedAndChunkedBodiesOverOneConnection() throws IOException {
        try (KeepAliveConnection c = new KeepAliveConnection(base(), Duration.ofSeconds(10))) {
            KeepAliveConnection.Response a = c.postForm("/echo", "query=%C3%A9");
            KeepAliveConnection.Response b = c.postForm("/chunked", "q=1");
            KeepAliveConnection.Response again = c.postForm("/echo", "time=2");

            assertThat(a.status()).isEqualTo(200);
            assertThat(a.text()).isEqualTo("got query=%C3%A9");
            assertThat(b.text()).hasSize(200_003).endsWith("xq=1");
            assertThat(again.text()).isEqualTo("got time=2");
            assertThat(clientPorts).as("one keep-alive connection").hasSize(1);
        }
    }

    @Test
    void reconnectsAfterTheServerClosed() throws IOException {
        try (KeepAliveConnection c = new KeepAliveConnection(base(), Duration.ofSeconds(10))) {
            assertThat(c.postForm("/close", "").status()).isEqualTo(503);
            assertThat(c.postForm("/echo", "a=b").text()).isEqualTo("got a=b");
        }
    }

    @Test
    void givesUpAfterItsTimeoutWithoutAskingAgain() {
        try (KeepAliveConnection c = new KeepAliveConnection(base(), Duration.ofMillis(300))) {
            assertThatThrownBy(() -> c.postForm("/slow", "")).isInstanceOf(SocketTimeoutException.class);
        }
    }

    @Test
    void refusesWhatIsNotAnHttpAddressWithAPort() {
        assertThatThrownBy(() -> new KeepAliveConnection("https://127.0.0.1:1", Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new KeepAliveConnection("http://127.0.0.1", Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
