package io.tessera.server.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Asks the demo's server a range query over its query API twice, as a dashboard would and with
 * {@code accelerate=false}, times both and measures how far the answers are apart.
 */
final class DemoQueries implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int RUNS = 5;

    private final String baseUrl;
    private final HttpClient client = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    DemoQueries(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    /** Runs {@code query} over {@code [start, end]} every {@code step}: one warm-up, then {@link #RUNS} timed runs each way. */
    DemoExample range(String query, boolean planned, long start, long end, long step)
            throws IOException, InterruptedException {
        String form = "query=" + URLEncoder.encode(query, StandardCharsets.UTF_8) + "&start=" + seconds(start) + "&end="
                + seconds(end) + "&step=" + seconds(step);
        double[] accelerated = new double[RUNS];
        double[] exact = new double[RUNS];
        String fast = null;
        String slow = null;
        for (int r = -1; r < RUNS; r++) {
            long t0 = System.nanoTime();
            String a = post(form);
            long t1 = System.nanoTime();
            String b = post(form + "&accelerate=false");
            long t2 = System.nanoTime();
            if (r >= 0) {
                accelerated[r] = (t1 - t0) / 1e6;
                exact[r] = (t2 - t1) / 1e6;
            } else {
                fast = a;
                slow = b;
            }
        }
        JsonNode a = JSON.readTree(fast);
        JsonNode b = JSON.readTree(slow);
        String infos = a.path("infos").toString();
        String info = a.path("infos").isArray() && !a.path("infos").isEmpty()
                ? a.path("infos").get(0).asText()
                : "";
        return new DemoExample(
                query,
                planned,
                infos.contains("answered from view"),
                info,
                median(accelerated),
                median(exact),
                maxRelativeError(a.path("data").path("result"), b.path("data").path("result")),
                points(b));
    }

    private String post(String form) throws IOException, InterruptedException {
        HttpResponse<String> r = client.send(
                HttpRequest.newBuilder(URI.create(baseUrl + "/api/v1/query_range"))
                        .timeout(Duration.ofMinutes(2))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(form))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IOException("query answered HTTP " + r.statusCode() + ": " + r.body());
        }
        return r.body();
    }

    /** The largest |a - b| / max(|a|, |b|) over matching series and points; infinite when they do not match. */
    static double maxRelativeError(JsonNode accelerated, JsonNode exact) {
        Map<String, JsonNode> bySeries = new HashMap<>();
        for (JsonNode s : exact) {
            bySeries.put(s.path("metric").toString(), s.path("values"));
        }
        if (bySeries.size() != accelerated.size()) {
            return Double.POSITIVE_INFINITY;
        }
        double worst = 0;
        for (JsonNode s : accelerated) {
            JsonNode a = s.path("values");
            JsonNode b = bySeries.get(s.path("metric").toString());
            if (b == null || a.size() != b.size()) {
                return Double.POSITIVE_INFINITY;
            }
            for (int i = 0; i < a.size(); i++) {
                if (a.get(i).get(0).asDouble() != b.get(i).get(0).asDouble()) {
                    return Double.POSITIVE_INFINITY;
                }
                double x = value(a.get(i).get(1).asText());
                double y = value(b.get(i).get(1).asText());
                if (x != y && !(Double.isNaN(x) && Double.isNaN(y))) {
                    double scale = Math.max(Math.abs(x), Math.abs(y));
                    worst = Math.max(
                            worst, Double.isFinite(scale) ? Math.abs(x - y) / scale : Double.POSITIVE_INFINITY);
                }
            }
        }
        return worst;
    }

    private static int points(JsonNode answer) {
        int n = 0;
        for (JsonNode s : answer.path("data").path("result")) {
            n += s.path("values").size();
        }
        return n;
    }

    private static double value(String text) {
        return switch (text) {
            case "NaN" -> Double.NaN;
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }

    private static double median(double[] ms) {
        double[] s = ms.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static String seconds(long millis) {
        return BigDecimal.valueOf(millis, 3).toPlainString();
    }

    @Override
    public void close() {
        client.close();
    }
}
