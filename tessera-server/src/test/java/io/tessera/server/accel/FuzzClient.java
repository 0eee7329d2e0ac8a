package io.tessera.server.accel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.ingest.remote.RemoteWriteEncoder;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The fuzzer's side of the HTTP API of one server: remote write, plans, queries, metrics. */
final class FuzzClient {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SERIES_PER_REQUEST = 40;

    /** One answer: its status, its body as JSON (null when it is not JSON) and the body's text. */
    record Answer(int status, JsonNode body, String text) {

        /** The infos and warnings, as one text. */
        String notes() {
            if (body == null) {
                return "";
            }
            return body.path("infos").toString() + body.path("warnings").toString();
        }

        boolean fromView() {
            String notes = notes();
            return notes.contains("answered from view") || notes.contains("answered from a view");
        }
    }

    private final String address;

    FuzzClient(String address) {
        this.address = address;
    }

    String address() {
        return address;
    }

    void write(List<FuzzSamples> series) throws IOException, InterruptedException {
        for (int from = 0; from < series.size(); from += SERIES_PER_REQUEST) {
            WriteBatchBuilder batch = new WriteBatchBuilder(NameValidation.UTF8);
            for (FuzzSamples s : series.subList(from, Math.min(series.size(), from + SERIES_PER_REQUEST))) {
                for (int i = 0; i < s.size(); i++) {
                    batch.addSample(s.times()[i], s.values()[i]);
                }
                batch.endSeries(s.labels());
            }
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(uri("/api/v1/write"))
                            .timeout(Duration.ofSeconds(60))
                            .header("Content-Encoding", "snappy")
                            .header("Content-Type", "application/x-protobuf")
                            .POST(HttpRequest.BodyPublishers.ofByteArray(RemoteWriteEncoder.encode(batch.build())))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 204) {
                throw new IllegalStateException("remote write answered " + r.statusCode() + ": " + r.body());
            }
        }
    }

    Answer installPlan(String planJson) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri("/api/v1/plan"))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(planJson))
                .build());
    }

    Answer plan() throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri("/api/v1/plan"))
                .timeout(Duration.ofSeconds(60))
                .build());
    }

    Answer instant(String query, long t, boolean accelerate) throws IOException, InterruptedException {
        return get(
                "/api/v1/query?query=" + enc(query) + "&time=" + seconds(t) + (accelerate ? "" : "&accelerate=false"));
    }

    Answer range(String query, FuzzTimes.Range r, boolean accelerate) throws IOException, InterruptedException {
        return get("/api/v1/query_range?query=" + enc(query) + "&start=" + seconds(r.start()) + "&end="
                + seconds(r.end()) + "&step=" + seconds(r.step()) + (accelerate ? "" : "&accelerate=false"));
    }

    /** A metric of {@code /metrics} without labels, or NaN when it is not there. */
    double metric(String name) throws IOException, InterruptedException {
        String text = get("/metrics").text();
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + " (\\S+)$").matcher(text);
        return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    /** Waits until the server's own ingestion runs built no pane for a second (at most 60 s). */
    void awaitViewsIdle() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        double last = -1;
        int still = 0;
        while (still < 5 && System.nanoTime() < deadline) {
            double built = metric("tessera_view_panes_built_total");
            still = built == last ? still + 1 : 0;
            last = built;
            Thread.sleep(250);
        }
    }

    static String seconds(long ms) {
        return BigDecimal.valueOf(ms, 3).toPlainString();
    }

    private Answer get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(uri(path))
                .timeout(Duration.ofSeconds(120))
                .build());
    }

    private static Answer send(HttpRequest request) throws IOException, InterruptedException {
        HttpResponse<String> r = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        JsonNode body;
        try {
            body = JSON.readTree(r.body());
        } catch (IOException e) {
            body = null;
        }
        return new Answer(r.statusCode(), body, r.body());
    }

    private URI uri(String path) {
        return URI.create("http://" + address + path);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
