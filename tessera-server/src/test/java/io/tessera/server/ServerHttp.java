package io.tessera.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.core.Labels;
import io.tessera.ingest.WriteBatch;
import io.tessera.ingest.remote.RemoteWriteEncoder;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HTTP calls the server tests make to a server at {@code host:port}: GETs and POSTs, answers as
 * JSON, remote writes, SQL, and gauges read from {@code /metrics}.
 */
public final class ServerHttp {

    private static final HttpClient CLIENT =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** How a request sent while the server may be killed came out. */
    public enum Outcome {
        /** The server answered with the status of success. */
        ACCEPTED,
        /** The server answered 503: not now, try again. */
        BUSY,
        /** The connection failed or the thread was interrupted: the server is gone. */
        GONE
    }

    private ServerHttp() {}

    public static URI uri(String address, String pathAndQuery) {
        return URI.create("http://" + address + pathAndQuery);
    }

    public static HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    public static HttpResponse<String> get(String address, String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(address, path)));
    }

    /** The JSON answer to a GET, which must be 200. */
    public static JsonNode getJson(String address, String path) throws IOException, InterruptedException {
        HttpResponse<String> r = get(address, path);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    /**
     * A POST of {@code body}, typed as the server's clients type it: a form for the query endpoints,
     * JSON for a plan, and no type otherwise.
     */
    public static HttpResponse<String> post(String address, String path, String body)
            throws IOException, InterruptedException {
        HttpRequest.Builder b =
                HttpRequest.newBuilder(uri(address, path)).POST(HttpRequest.BodyPublishers.ofString(body));
        if (path.startsWith("/api/v1/query")) {
            b.header("Content-Type", "application/x-www-form-urlencoded");
        } else if (path.equals("/api/v1/plan")) {
            b.header("Content-Type", "application/json");
        }
        return send(b);
    }

    /** Imports Prometheus text exposition lines (millisecond timestamps), which must answer 204. */
    public static void importText(String address, String text) throws IOException, InterruptedException {
        HttpResponse<String> imported = post(address, "/api/v1/import/prometheus", text);
        assertThat(imported.statusCode()).as(imported.body()).isEqualTo(204);
    }

    /** Installs {@code planJson} on {@code /api/v1/plan}, which must answer 200. */
    public static void installPlan(String address, String planJson) throws IOException, InterruptedException {
        HttpResponse<String> installed = post(address, "/api/v1/plan", planJson);
        assertThat(installed.statusCode()).as(installed.body()).isEqualTo(200);
    }

    /** A POST of {@code body} with the given Content-Type. */
    public static HttpResponse<String> post(String address, String path, String contentType, String body)
            throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(address, path))
                .header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** {@code query} on {@code /api/v1/sql} as JSON, with {@code accelerate=false} unless {@code accelerate}; the answer must be 200. */
    public static JsonNode sql(String address, String query, boolean accelerate)
            throws IOException, InterruptedException {
        HttpResponse<String> r = post(
                address,
                "/api/v1/sql" + (accelerate ? "" : "?accelerate=false"),
                "application/json",
                JSON.writeValueAsString(Map.of("query", query)));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    /** A remote write request (snappy-compressed protobuf) carrying {@code batch}. */
    public static HttpRequest.Builder remoteWrite(String address, WriteBatch batch) {
        return HttpRequest.newBuilder(uri(address, "/api/v1/write"))
                .header("Content-Encoding", "snappy")
                .header("Content-Type", "application/x-protobuf")
                .POST(HttpRequest.BodyPublishers.ofByteArray(RemoteWriteEncoder.encode(batch)));
    }

    /**
     * Sends {@code request} (with a 10 s timeout) to a server that may be killed meanwhile: {@code
     * success} is accepted, 503 is busy, a failed connection means gone, and any other status fails
     * the test with {@code what} and the answer.
     */
    public static Outcome sendWhileKillable(HttpRequest.Builder request, int success, String what) {
        try {
            HttpResponse<String> r = send(request.timeout(Duration.ofSeconds(10)));
            if (r.statusCode() == success) {
                return Outcome.ACCEPTED;
            }
            if (r.statusCode() == 503) {
                return Outcome.BUSY;
            }
            throw new AssertionError(what + " answered " + r.statusCode() + ": " + r.body());
        } catch (IOException e) {
            return Outcome.GONE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Outcome.GONE;
        }
    }

    /** The value of the gauge or counter {@code name} (a regular expression) on {@code /metrics}. */
    public static double metric(String address, String name) throws IOException, InterruptedException {
        String text = get(address, "/metrics").body();
        Matcher m = Pattern.compile("(?m)^" + name + " (\\S+)$").matcher(text);
        assertThat(m.find()).as(name + " in /metrics").isTrue();
        return Double.parseDouble(m.group(1));
    }

    public static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** The labels of a {@code metric} object in a query answer. */
    public static Labels labels(JsonNode metric) {
        List<String> pairs = new ArrayList<>();
        metric.fieldNames().forEachRemaining(n -> {
            pairs.add(n);
            pairs.add(metric.path(n).asText());
        });
        return Labels.of(pairs.toArray(new String[0]));
    }
}
