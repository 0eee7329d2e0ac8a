package io.tessera.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The HTTP layer's own behaviour: routing, statuses, bodies, HEAD, gzip, limits and keep-alive. */
class HttpServiceTest {

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static HttpService http;

    @BeforeAll
    static void start() throws Exception {
        http = new HttpService("127.0.0.1", 0);
        http.route("/hello", Set.of("GET", "HEAD"), r -> r.text(200, "hello\n"));
        http.route("/echo", Set.of("POST"), r -> r.respond(200, "application/octet-stream", r.body(1024)));
        http.route("/boom", Set.of("GET"), r -> {
            throw new IllegalStateException("boom");
        });
        http.route("/none", Set.of("POST"), Request::noContent);
        http.route("/big", Set.of("GET"), r -> {
            try (OutputStream out = r.stream(200, "text/plain")) {
                for (int i = 0; i < 20_000; i++) {
                    out.write(("line " + i + "\n").getBytes(StandardCharsets.US_ASCII));
                }
            }
        });
        http.route("/small", Set.of("GET"), r -> {
            try (OutputStream out = r.stream(200, "text/plain")) {
                out.write("small".getBytes(StandardCharsets.US_ASCII));
            }
        });
        http.prefix("/api/", Set.of("GET"), r -> r.text(200, "prefix " + r.path() + " " + r.rawQuery() + "\n"));
        http.prefix("/api/v1/label/", Set.of("GET"), r -> r.text(200, "label " + r.path() + "\n"));
        http.start();
    }

    @AfterAll
    static void stop() {
        http.close();
    }

    private static HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
        return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(String path) {
        return URI.create("http://127.0.0.1:" + http.port() + path);
    }

    @Test
    void routesExactPathsAndTheLongestPrefix() throws Exception {
        HttpResponse<String> hello = send(HttpRequest.newBuilder(uri("/hello")));
        assertThat(hello.statusCode()).isEqualTo(200);
        assertThat(hello.body()).isEqualTo("hello\n");
        assertThat(hello.headers().firstValue("Content-Type")).hasValue("text/plain; charset=utf-8");
        assertThat(hello.headers().firstValue("Content-Length")).hasValue("6");
        assertThat(send(HttpRequest.newBuilder(uri("/api/v1/label/job/values"))).body())
                .isEqualTo("label /api/v1/label/job/values\n");
        assertThat(send(HttpRequest.newBuilder(uri("/api/v1/series?match%5B%5D=up&x=1")))
                        .body())
                .isEqualTo("prefix /api/v1/series match%5B%5D=up&x=1\n");
        assertThat(send(HttpRequest.newBuilder(uri("/api/v1/x"))).body()).isEqualTo("prefix /api/v1/x null\n");
    }

    @Test
    void unknownPathsAndMethodsAreRefused() throws Exception {
        HttpResponse<String> missing = send(HttpRequest.newBuilder(uri("/nope")));
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo("404 page not found\n");
        HttpResponse<String> wrong = send(HttpRequest.newBuilder(uri("/hello")).DELETE());
        assertThat(wrong.statusCode()).isEqualTo(405);
        assertThat(wrong.headers().firstValue("Allow").orElseThrow().split(", "))
                .containsExactlyInAnyOrder("GET", "HEAD");
    }

    @Test
    void anEscapedExceptionIsAJsonErrorWithoutInternals() throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(uri("/boom")));
        assertThat(r.statusCode()).isEqualTo(500);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(r.body())
                .isEqualTo("{\"status\":\"error\",\"errorType\":\"internal\","
                        + "\"error\":\"internal error; the server log has the details\"}");
        assertThat(r.body()).doesNotContain("java.", "Exception", "boom", ".java");
    }

    @Test
    void bodiesUpToTheLimitAreReadAndLargerOnesRefusedWith413() throws Exception {
        byte[] body = new byte[1024];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) i;
        }
        HttpResponse<byte[]> echo = CLIENT.send(
                HttpRequest.newBuilder(uri("/echo"))
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(echo.statusCode()).isEqualTo(200);
        assertThat(echo.body()).isEqualTo(body);
        HttpResponse<String> declared =
                send(HttpRequest.newBuilder(uri("/echo")).POST(HttpRequest.BodyPublishers.ofByteArray(new byte[1025])));
        assertThat(declared.statusCode()).isEqualTo(413);
        assertThat(declared.body()).isEqualTo("request body of 1025 bytes exceeds the limit of 1024 bytes\n");
        HttpResponse<String> chunked = send(HttpRequest.newBuilder(uri("/echo"))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(new byte[5000]))));
        assertThat(chunked.statusCode()).isEqualTo(413);
        assertThat(chunked.body()).isEqualTo("request body exceeds the limit of 1024 bytes\n");
    }

    @Test
    void noContentHasNoBody() throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(uri("/none")).POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(r.statusCode()).isEqualTo(204);
        assertThat(r.body()).isEmpty();
    }

    @Test
    void streamedBodiesAreWholeWithOrWithoutGzip() throws Exception {
        StringBuilder expected = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            expected.append("line ").append(i).append('\n');
        }
        HttpResponse<String> plain = send(HttpRequest.newBuilder(uri("/big")));
        assertThat(plain.body()).isEqualTo(expected.toString());
        assertThat(plain.headers().firstValue("Content-Length")).isEmpty();
        assertThat(plain.headers().firstValue("Transfer-Encoding")).hasValue("chunked");
        HttpResponse<byte[]> zipped = CLIENT.send(
                HttpRequest.newBuilder(uri("/big"))
                        .header("Accept-Encoding", "gzip")
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertThat(zipped.headers().firstValue("Content-Encoding")).hasValue("gzip");
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(zipped.body()))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.US_ASCII)).isEqualTo(expected.toString());
        }
        HttpResponse<String> small = send(HttpRequest.newBuilder(uri("/small")));
        assertThat(small.body()).isEqualTo("small");
        assertThat(small.headers().firstValue("Content-Length")).hasValue("5");
    }

    @Test
    void headAnswersTheHeadersOfGetAndKeepAliveServesManyRequestsOnOneConnection() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", http.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            out.write("HEAD /hello HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String head = ResponseHeads.read(in);
            assertThat(head).startsWith("HTTP/1.1 200").containsIgnoringCase("content-length: 6\r\n");
            for (int i = 0; i < 3; i++) {
                out.write("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                assertThat(ResponseHeads.read(in)).startsWith("HTTP/1.1 200");
                assertThat(new String(in.readNBytes(6), StandardCharsets.US_ASCII))
                        .isEqualTo("hello\n");
            }
        }
    }

    @Test
    void queryStringsWithUnescapedCharactersAreAccepted() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", http.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream()
                    .write("GET /api/v1/query?query=up{job=\"a\"} HTTP/1.1\r\nHost: x\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
            String head = ResponseHeads.read(socket.getInputStream());
            assertThat(head).startsWith("HTTP/1.1 200");
            int length = Integer.parseInt(
                    head.toLowerCase(Locale.ROOT).split("content-length: ")[1].split("\r\n")[0]);
            assertThat(new String(socket.getInputStream().readNBytes(length), StandardCharsets.US_ASCII))
                    .isEqualTo("prefix /api/v1/query query=up{job=\"a\"}\n");
        }
    }
}
