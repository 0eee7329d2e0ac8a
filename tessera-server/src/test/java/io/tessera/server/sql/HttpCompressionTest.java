package io.tessera.server.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * HTTP compression as ClickHouse clients use it (Grafana's ClickHouse data source gzips over
 * HTTP): request bodies sent with {@code Content-Encoding: gzip} or {@code deflate} are decoded
 * on the ClickHouse interface, {@code /api/v1/sql} and the table rows endpoint; responses are
 * gzipped when {@code enable_http_compression=1} and the client accepts gzip, as ClickHouse does.
 * Each answer is checked against the same request sent uncompressed.
 */
class HttpCompressionTest {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final String QUERY =
            "SELECT host, count(*) AS n, sum(latency) AS total FROM requests GROUP BY host ORDER BY host";
    private static TesseraServer server;

    @BeforeAll
    static void start() throws Exception {
        server = TesseraServer.start(ConfigLoader.parse(SqlSurfacesTest.CONFIG));
        long base = System.currentTimeMillis() - 3_600_000;
        Random random = new Random(11);
        StringBuilder rows = new StringBuilder("ts,host,status,latency\n");
        for (int i = 0; i < 400; i++) {
            rows.append(base + i * 1000L)
                    .append(",h")
                    .append(random.nextInt(5))
                    .append(',')
                    .append(200 + 100 * random.nextInt(3))
                    .append(',')
                    .append(random.nextInt(1000) / 4.0)
                    .append('\n');
        }
        HttpResponse<String> r = send(HttpRequest.newBuilder(uri("/api/v1/tables/requests/rows"))
                .header("Content-Type", "text/csv")
                .header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(gzip(rows.toString()))));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).contains("\"rows\":400");
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aGzippedOrDeflatedQueryIsAnsweredAsThePlainOne() {
        String plain = clickHouse(QUERY.getBytes(StandardCharsets.UTF_8), null).body();
        assertThat(plain).contains("h0\t").contains("h4\t");
        for (String encoding : new String[] {"gzip", "deflate", "GZIP"}) {
            byte[] body = encoding.equalsIgnoreCase("gzip") ? gzip(QUERY) : deflate(QUERY);
            HttpResponse<String> r = clickHouse(body, encoding);
            assertThat(r.statusCode()).as(encoding + ": " + r.body()).isEqualTo(200);
            assertThat(r.body()).as(encoding).isEqualTo(plain);
        }
        HttpResponse<String> sql = send(HttpRequest.newBuilder(uri("/api/v1/sql"))
                .header("Content-Type", "text/plain")
                .header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(gzip(QUERY))));
        assertThat(sql.statusCode()).as(sql.body()).isEqualTo(200);
        assertThat(sql.body()).contains("\"rows\":[[\"h0\"");
    }

    @Test
    void responsesAreGzippedWhenTheClientAsksAsClickHouseClientsDo() throws Exception {
        String url = "/?query=" + URLEncoder.encode(QUERY + " FORMAT JSONEachRow", StandardCharsets.UTF_8);
        byte[] plain = bytes(HttpRequest.newBuilder(uri(url)).GET()).body();
        HttpResponse<byte[]> compressed = bytes(HttpRequest.newBuilder(uri(url + "&enable_http_compression=1"))
                .header("Accept-Encoding", "gzip")
                .GET());
        assertThat(compressed.statusCode()).isEqualTo(200);
        assertThat(compressed.headers().firstValue("Content-Encoding")).hasValue("gzip");
        assertThat(gunzip(compressed.body())).isEqualTo(plain);

        assertAnsweredPlain(url, "gzip", plain, "without enable_http_compression=1");
        assertAnsweredPlain(url + "&enable_http_compression=1", "gzip;q=0, br", plain, "gzip refused with q=0");
    }

    /** {@code url} asked with {@code acceptEncoding} is answered {@code plain}, uncompressed, because of {@code why}. */
    private static void assertAnsweredPlain(String url, String acceptEncoding, byte[] plain, String why)
            throws Exception {
        HttpResponse<byte[]> r = bytes(HttpRequest.newBuilder(uri(url))
                .header("Accept-Encoding", acceptEncoding)
                .GET());
        assertThat(r.headers().firstValue("Content-Encoding")).as(why).isEmpty();
        assertThat(r.body()).isEqualTo(plain);
    }

    @Test
    void anUnknownEncodingAMalformedBodyAndAnOversizedOneGetPreciseErrorsAndLeaveTheTableAsItWas() {
        HttpResponse<String> brotli = clickHouse(QUERY.getBytes(StandardCharsets.UTF_8), "br");
        assertThat(brotli.statusCode()).isEqualTo(400);
        assertThat(brotli.body()).startsWith("Code: 36.").contains("Content-Encoding \"br\" is not supported");

        byte[] truncated = Arrays.copyOf(gzip(QUERY), 12);
        HttpResponse<String> broken = clickHouse(truncated, "gzip");
        assertThat(broken.statusCode()).isEqualTo(400);
        assertThat(broken.body()).contains("not valid gzip");

        byte[] bomb = gzip(" ".repeat((int) QueryText.MAX_BODY + 1));
        assertThat((long) bomb.length).as("compressed").isLessThan(QueryText.MAX_BODY);
        HttpResponse<String> large = clickHouse(bomb, "gzip");
        assertThat(large.statusCode()).isEqualTo(413);
        assertThat(large.body()).contains("decodes to more than the limit");

        HttpResponse<String> rows = send(HttpRequest.newBuilder(uri("/api/v1/tables/requests/rows"))
                .header("Content-Type", "text/csv")
                .header("Content-Encoding", "gzip")
                .POST(HttpRequest.BodyPublishers.ofByteArray(truncated)));
        assertThat(rows.statusCode()).isEqualTo(400);
        assertThat(rows.body()).contains("not valid gzip");
        assertThat(clickHouse("SELECT count(*) FROM requests".getBytes(StandardCharsets.UTF_8), null)
                        .body()
                        .strip())
                .isEqualTo("400");
    }

    private static HttpResponse<String> clickHouse(byte[] body, String encoding) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri("/")).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (encoding != null) {
            b.header("Content-Encoding", encoding);
        }
        return send(b);
    }

    private static HttpResponse<String> send(HttpRequest.Builder b) {
        try {
            return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    private static HttpResponse<byte[]> bytes(HttpRequest.Builder b) throws Exception {
        return CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static URI uri(String pathAndQuery) {
        return URI.create("http://" + server.address() + pathAndQuery);
    }

    private static byte[] gzip(String text) {
        return compress(text, GZIPOutputStream::new);
    }

    private static byte[] deflate(String text) {
        return compress(text, DeflaterOutputStream::new);
    }

    /** Wraps a stream in a compressing one. */
    private interface Compression {
        OutputStream wrap(OutputStream out) throws IOException;
    }

    private static byte[] compress(String text, Compression compression) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream z = compression.wrap(out)) {
            z.write(text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        return out.toByteArray();
    }

    private static byte[] gunzip(byte[] body) throws IOException {
        try (GZIPInputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(body))) {
            return in.readAllBytes();
        }
    }
}
