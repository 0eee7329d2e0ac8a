package io.tessera.server.accel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.core.Labels;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.server.ServerHttp;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server under test over HTTP: writes, plans, queries, and the same query answered with
 * {@code accelerate=false} as the oracle. Used by the end-to-end tests of views under late data and
 * plan changes.
 */
final class AcceleratedServer implements AutoCloseable {

    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One (query, time) pair compared: whether the answer came at least partly from a view, and its largest error. */
    record Comparison(String query, long time, boolean fromViews, double relativeError, String infos) {}

    final TesseraServer server;

    AcceleratedServer(String yaml) {
        this.server = TesseraServer.start(ConfigLoader.parse(yaml));
    }

    void write(Labels series, long[] ts, double[] values) throws Exception {
        HttpResponse<String> r = send(series, ts, values);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(204);
    }

    /** One series' samples in a remote write request, and the answer whatever it is. */
    HttpResponse<String> send(Labels series, long[] ts, double[] values) throws Exception {
        WriteBatchBuilder batch = new WriteBatchBuilder(NameValidation.UTF8);
        for (int i = 0; i < ts.length; i++) {
            batch.addSample(ts[i], values[i]);
        }
        batch.endSeries(series);
        return ServerHttp.send(ServerHttp.remoteWrite(server.address(), batch.build()));
    }

    /** The planner's plan for dashboard panels of {@code queries} (1 h at {@code stepMs}, planned as for 10,000 series), installed over HTTP. */
    void installPlanFor(List<String> queries, long stepMs, long scrapeMs) throws Exception {
        List<WorkloadQuery> panels = new ArrayList<>();
        for (String q : queries) {
            panels.add(WorkloadQuery.range(q, 3_600_000, stepMs, 10_000));
        }
        String plan =
                InstallablePlanCodec.toJson(Planner.plan(Workload.of(panels).withEstimates(10_000, scrapeMs))
                        .plan());
        ServerHttp.installPlan(server.address(), plan);
    }

    /** The instant query {@code query} at {@code t} against its exact answer: label sets must be equal. */
    Comparison compareInstant(String query, long t) throws Exception {
        JsonNode fast = get("/api/v1/query?query=" + enc(query) + "&time=" + t / 1000.0);
        JsonNode exact = get("/api/v1/query?query=" + enc(query) + "&time=" + t / 1000.0 + "&accelerate=false");
        Map<Labels, double[]> a = values(fast);
        Map<Labels, double[]> x = values(exact);
        assertThat(a.keySet()).as(query + " at " + t + " " + fast.path("infos")).isEqualTo(x.keySet());
        return new Comparison(
                query,
                t,
                fromViews(fast),
                worst(a, x, query + " at " + t),
                fast.path("infos").toString());
    }

    /** The range query over {@code (end - span, end]} at {@code stepMs} against its exact answer. */
    Comparison compareRange(String query, long end, long span, long stepMs) throws Exception {
        String range = "&start=" + (end - span) / 1000.0 + "&end=" + end / 1000.0 + "&step=" + stepMs / 1000.0;
        JsonNode fast = get("/api/v1/query_range?query=" + enc(query) + range);
        JsonNode exact = get("/api/v1/query_range?query=" + enc(query) + range + "&accelerate=false");
        Map<Labels, double[]> a = values(fast);
        Map<Labels, double[]> x = values(exact);
        assertThat(a.keySet()).as(query + " range to " + end).isEqualTo(x.keySet());
        return new Comparison(
                query,
                end,
                fromViews(fast),
                worst(a, x, query + " range to " + end),
                fast.path("infos").toString());
    }

    /** The value of a gauge or counter on /metrics. */
    double metric(String name) throws Exception {
        String text = CLIENT.send(HttpRequest.newBuilder(uri("/metrics")).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + " (\\S+)$").matcher(text);
        assertThat(m.find()).as(name + " on /metrics").isTrue();
        return Double.parseDouble(m.group(1));
    }

    private static boolean fromViews(JsonNode answer) {
        return answer.path("infos").toString().contains("answered from view");
    }

    private static double worst(Map<Labels, double[]> actual, Map<Labels, double[]> expected, String what) {
        double worst = 0;
        for (Map.Entry<Labels, double[]> e : expected.entrySet()) {
            double[] a = actual.get(e.getKey());
            assertThat(a.length).as(what + " " + e.getKey()).isEqualTo(e.getValue().length);
            for (int i = 0; i < a.length; i++) {
                worst = Math.max(worst, relative(a[i], e.getValue()[i]));
            }
        }
        return worst;
    }

    /** Relative error, with NaN equal only to NaN and infinities only to themselves. */
    static double relative(double a, double x) {
        if (Double.isNaN(a) && Double.isNaN(x) || a == x) {
            return 0;
        }
        if (Double.isNaN(a) || Double.isNaN(x) || Double.isInfinite(a) || Double.isInfinite(x)) {
            return Double.POSITIVE_INFINITY;
        }
        double scale = Math.max(Math.abs(a), Math.abs(x));
        return scale < 1e-12 ? Math.abs(a - x) / 1e-12 * 1e-9 : Math.abs(a - x) / scale;
    }

    /** A sample value as the HTTP API writes it, infinities as Prometheus spells them. */
    private static double sampleValue(String text) {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(text);
        };
    }

    /** Vector or matrix answers as values per series (one value for an instant). */
    private static Map<Labels, double[]> values(JsonNode body) {
        Map<Labels, double[]> out = new HashMap<>();
        for (JsonNode r : body.path("data").path("result")) {
            double[] v;
            if (r.has("values")) {
                v = new double[r.path("values").size()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = sampleValue(r.path("values").get(i).get(1).asText());
                }
            } else {
                v = new double[] {sampleValue(r.path("value").get(1).asText())};
            }
            List<String> pairs = new ArrayList<>();
            JsonNode metric = r.path("metric");
            metric.fieldNames().forEachRemaining(n -> {
                pairs.add(n);
                pairs.add(metric.path(n).asText());
            });
            out.put(Labels.of(pairs.toArray(new String[0])), v);
        }
        return out;
    }

    private JsonNode get(String path) throws Exception {
        HttpResponse<String> r =
                CLIENT.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private URI uri(String path) {
        return URI.create("http://" + server.address() + path);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        server.close();
    }
}
