package io.tessera.bench.promql;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.core.Labels;
import java.io.IOException;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * A query API answer, parsed: an error (its type and message), or a result of one kind with its
 * series keyed by label set. A scalar is one series with no labels; an instant vector's series
 * have one point each. Series order in the response is not kept: results compare as sets.
 *
 * @param duplicates label sets the response held more than once (a correct server never does)
 */
public record QueryAnswer(
        String kind, String errorType, String error, Map<Labels, SeriesPoints> series, int duplicates) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public boolean isError() {
        return "error".equals(kind);
    }

    static QueryAnswer error(String type, String message) {
        return new QueryAnswer("error", type, message, Map.of(), 0);
    }

    /** Parses a response of {@code /api/v1/query} or {@code /api/v1/query_range}. */
    public static QueryAnswer parse(ApiResponse response) {
        JsonNode root;
        try {
            root = JSON.readTree(response.body());
        } catch (IOException e) {
            return error("http", "HTTP " + response.status() + ", not JSON: " + abbreviate(response.body()));
        }
        if (root == null || !"success".equals(root.path("status").asText())) {
            return error(
                    root == null ? "http" : root.path("errorType").asText("?"),
                    root == null
                            ? "HTTP " + response.status() + ", empty body"
                            : root.path("error").asText(""));
        }
        JsonNode data = root.path("data");
        String kind = data.path("resultType").asText();
        JsonNode result = data.path("result");
        Map<Labels, SeriesPoints> series = new TreeMap<>();
        int duplicates = 0;
        switch (kind) {
            case "scalar", "string" ->
                series.put(Labels.EMPTY, new SeriesPoints(new long[] {millis(result.get(0))}, new double[] {
                    "string".equals(kind) ? Double.NaN : value(result.get(1))
                }));
            case "vector", "matrix" -> {
                for (JsonNode s : result) {
                    SeriesPoints points = "vector".equals(kind)
                            ? new SeriesPoints(
                                    new long[] {millis(s.path("value").get(0))},
                                    new double[] {value(s.path("value").get(1))})
                            : points(s.path("values"));
                    if (series.put(labels(s.path("metric")), points) != null) {
                        duplicates++;
                    }
                }
            }
            default -> {
                return error("parse", "unknown result type \"" + kind + "\"");
            }
        }
        return new QueryAnswer(kind, null, null, Collections.unmodifiableMap(series), duplicates);
    }

    private static SeriesPoints points(JsonNode values) {
        long[] ts = new long[values.size()];
        double[] vs = new double[values.size()];
        for (int i = 0; i < values.size(); i++) {
            ts[i] = millis(values.get(i).get(0));
            vs[i] = value(values.get(i).get(1));
        }
        return new SeriesPoints(ts, vs);
    }

    private static Labels labels(JsonNode metric) {
        Map<String, String> map = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = metric.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            map.put(e.getKey(), e.getValue().asText());
        }
        return Labels.of(map);
    }

    /** A timestamp in decimal seconds as milliseconds, rounded as Prometheus does. */
    private static long millis(JsonNode seconds) {
        return Math.round(seconds.asDouble() * 1000);
    }

    /** A sample value as Prometheus writes it: Go's shortest decimal, or NaN, +Inf, -Inf. */
    static double value(JsonNode node) {
        String text = node.asText();
        return switch (text) {
            case "NaN" -> Double.NaN;
            case "+Inf", "Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }

    private static String abbreviate(String s) {
        String t = s.strip();
        return t.length() <= 200 ? t : t.substring(0, 200) + "…";
    }
}
