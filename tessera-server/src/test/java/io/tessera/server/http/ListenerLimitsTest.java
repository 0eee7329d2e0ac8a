package io.tessera.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.server.LoopbackServers;
import io.tessera.server.TesseraServer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** {@code web.max_header_bytes} and {@code web.max_request_body_bytes} bound every request, before any handler runs. */
class ListenerLimitsTest {

    @Test
    void oversizedHeadersAndBodiesAreRefused() throws Exception {
        try (TesseraServer server = LoopbackServers.start("""
                web:
                  max_header_bytes: 8KiB
                  max_request_body_bytes: 1MiB
                """)) {
            String big = "a".repeat(20_000);
            String answer = exchange(
                    server, "GET /-/healthy HTTP/1.1\r\nHost: x\r\nX-Big: " + big + "\r\nConnection: close\r\n\r\n");
            assertThat(answer)
                    .as("a 20 kB header over the 8 KiB limit")
                    .doesNotContain("200 OK")
                    .doesNotContain("Healthy");
            assertThat(exchange(
                            server,
                            "GET /-/healthy HTTP/1.1\r\nHost: x\r\nX-Small: " + "a".repeat(1000)
                                    + "\r\nConnection: close\r\n\r\n"))
                    .startsWith("HTTP/1.1 200");

            String declared = exchange(
                    server,
                    "POST /api/v1/import/prometheus HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
                            + "Content-Length: 2000000\r\n\r\n");
            assertThat(declared)
                    .as("a 2 MB body declared, none sent: refused before it is read")
                    .startsWith("HTTP/1.1 413")
                    .contains("exceeds the limit of 1048576 bytes");

            HttpClient client = HttpClient.newHttpClient();
            int status;
            try {
                status = client.send(
                                HttpRequest.newBuilder(
                                                URI.create("http://" + server.address() + "/api/v1/import/prometheus"))
                                        .timeout(Duration.ofSeconds(30))
                                        .header("Content-Type", "text/plain")
                                        .POST(HttpRequest.BodyPublishers.ofInputStream(
                                                () -> new ByteArrayInputStream(new byte[3 << 20])))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .statusCode();
            } catch (IOException e) {
                status = -1;
            }
            assertThat(status)
                    .as("a chunked body past the limit: 413, or the connection cut while it is sent")
                    .isIn(413, -1);
            assertThat(client.send(
                                    HttpRequest.newBuilder(URI.create("http://" + server.address() + "/-/healthy"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .statusCode())
                    .isEqualTo(200);
        }
    }

    private static String exchange(TesseraServer server, String request) throws IOException {
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(20_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            byte[] buf = new byte[8192];
            int total = 0;
            try {
                int n;
                while (total < buf.length && (n = in.read(buf, total, buf.length - total)) > 0) {
                    total += n;
                    if (new String(buf, 0, total, StandardCharsets.ISO_8859_1).contains("\r\n\r\n")
                            && total > 12
                            && new String(buf, 0, total, StandardCharsets.ISO_8859_1).contains("}")) {
                        break;
                    }
                }
            } catch (IOException e) {
                // reset: no answer
            }
            return new String(Arrays.copyOf(buf, total), StandardCharsets.ISO_8859_1);
        }
    }
}
