package io.tessera.bench.ingest;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** A server's own {@code /metrics} page, read into a map from series (name and labels as written) to value. */
final class MetricsText {

    private MetricsText() {}

    static Map<String, Double> scrape(String url) throws IOException, InterruptedException {
        try (HttpClient client =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            HttpResponse<String> response = client.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(Duration.ofSeconds(30))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IOException(url + " answered " + response.statusCode());
            }
            return parse(response.body());
        }
    }

    static Map<String, Double> parse(String text) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int close = line.lastIndexOf('}');
            int split = close >= 0 ? close + 1 : line.indexOf(' ');
            if (split <= 0 || split >= line.length()) {
                continue;
            }
            String[] rest = line.substring(split).trim().split("\\s+");
            try {
                out.put(line.substring(0, split), parseValue(rest[0]));
            } catch (NumberFormatException e) {
                // a line this reader does not understand carries nothing it needs
            }
        }
        return out;
    }

    private static double parseValue(String text) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }
}
