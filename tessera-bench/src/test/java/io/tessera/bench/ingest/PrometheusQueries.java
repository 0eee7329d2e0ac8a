package io.tessera.bench.ingest;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.core.Labels;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/** Reads raw samples out of a Prometheus server through its HTTP query API. */
final class PrometheusQueries {

    private static final ObjectMapper JSON =
            new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private final HttpClient client =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String baseUrl;

    PrometheusQueries(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    /**
     * Every sample of every series a range selector {@code selector[rangeMillis]} reads when
     * evaluated at {@code atMillis}, that is in {@code [at − range, at]} (Prometheus 2 ranges are
     * closed at both ends). Prometheus leaves stale markers out of range-selector results.
     */
    Map<Labels, SeriesSamples> rawSamples(String selector, long rangeMillis, long atMillis)
            throws IOException, InterruptedException {
        String query = selector + "[" + rangeMillis + "ms]";
        String form = "query=" + URLEncoder.encode(query, StandardCharsets.UTF_8) + "&time="
                + BigDecimal.valueOf(atMillis, 3).toPlainString();
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/api/v1/query"))
                .timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build();
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("query " + query + " returned " + response.statusCode() + ": " + response.body());
        }
        return parseMatrix(response.body());
    }

    static Map<Labels, SeriesSamples> parseMatrix(String body) throws IOException {
        JsonNode root = JSON.readTree(body);
        if (!"success".equals(root.path("status").asText())) {
            throw new IOException("query failed: " + body);
        }
        JsonNode data = root.path("data");
        if (!"matrix".equals(data.path("resultType").asText())) {
            throw new IOException("expected a matrix, got " + data.path("resultType"));
        }
        Map<Labels, SeriesSamples> out = new TreeMap<>();
        for (JsonNode series : data.path("result")) {
            Map<String, String> labels = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it =
                            series.path("metric").properties().iterator();
                    it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                labels.put(e.getKey(), e.getValue().asText());
            }
            JsonNode values = series.path("values");
            long[] timestamps = new long[values.size()];
            double[] samples = new double[values.size()];
            for (int i = 0; i < values.size(); i++) {
                JsonNode pair = values.get(i);
                timestamps[i] = pair.get(0).decimalValue().movePointRight(3).longValueExact();
                samples[i] = parseValue(pair.get(1).asText());
            }
            out.put(Labels.of(labels), new SeriesSamples(timestamps, samples));
        }
        return out;
    }

    /** A sample value as Prometheus writes it: Go's shortest decimal, or NaN, +Inf, -Inf. */
    static double parseValue(String text) {
        return switch (text) {
            case "NaN" -> Double.NaN;
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }
}
