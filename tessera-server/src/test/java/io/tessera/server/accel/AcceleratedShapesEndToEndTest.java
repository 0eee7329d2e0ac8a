package io.tessera.server.accel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.server.LoopbackServers;
import io.tessera.server.ServerHttp;
import io.tessera.server.TesseraServer;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every shape the acceleration covers, end to end: samples in over remote write, the planner's
 * plan for a workload of dashboard panels (1 h at a 1 min step, refreshed every 10 s, planned as
 * for 10,000 series so that views pay) installed over the API, views built by ingestion runs, and
 * each query asked over HTTP on the panels' grid (instant and range) and off it, against the same
 * engine's exact answer ({@code accelerate=false}); quantiles by their rank among the exact
 * values they are taken from. Prints the largest error of each shape.
 */
class AcceleratedShapesEndToEndTest {

    private static final long T0 = 1_767_225_600_000L;
    private static final long HOUR = 3_600_000;
    private static final long SCRAPE = 15_000;
    private static final long RULE_EVERY = 60_000;
    private static final long ON_GRID = T0 + 3 * HOUR - 2 * 60_000;
    private static final long OFF_GRID = ON_GRID - 23_457;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A query, and for quantiles the exact query whose values (per output group) its answer is ranked among. */
    private record Shape(String query, double q, String ranked, String groupBy) {
        static Shape exact(String query) {
            return new Shape(query, Double.NaN, null, null);
        }

        static Shape quantile(String query, double q, String ranked, String groupBy) {
            return new Shape(query, q, ranked, groupBy);
        }

        boolean isQuantile() {
            return ranked != null;
        }
    }

    private static final List<Shape> SHAPES = List.of(
            Shape.quantile("quantile_over_time(0.9, g[30m])", 0.9, "g[30m]", null),
            Shape.exact("sum_over_time(g[30m])"),
            Shape.exact("count_over_time(g[30m])"),
            Shape.exact("avg_over_time(g[30m])"),
            Shape.exact("min_over_time(g[30m])"),
            Shape.exact("max_over_time(g[30m])"),
            Shape.exact("stddev_over_time(g[30m])"),
            Shape.exact("stdvar_over_time(g[30m])"),
            Shape.exact("last_over_time(g[30m])"),
            Shape.exact("present_over_time(g[30m])"),
            Shape.exact("rate(c[5m])"),
            Shape.exact("increase(c[30m])"),
            Shape.exact("delta(g[30m])"),
            Shape.exact("resets(c[30m])"),
            Shape.exact("changes(g[30m])"),
            Shape.exact("sum by (job) (rate(c[5m]))"),
            Shape.exact("avg by (job) (avg_over_time(g[30m]))"),
            Shape.exact("count without (instance) (last_over_time(g[30m]))"),
            Shape.exact("min by (job) (min_over_time(g[30m]))"),
            Shape.exact("max by (job) (max_over_time(g[30m]))"),
            Shape.quantile("quantile by (job) (0.9, avg_over_time(g[30m]))", 0.9, "avg_over_time(g[30m])", "job"),
            Shape.exact("topk(3, rate(c[5m]))"),
            Shape.exact("bottomk(3, sum_over_time(g[30m]))"),
            Shape.quantile("quantile by (job) (0.5, g)", 0.5, "g", "job"),
            Shape.exact("sum by (job) (g)"),
            Shape.exact("count by (job) (g)"),
            Shape.exact("sum_over_time(g[30m] offset 10m)"),
            Shape.exact("max_over_time(g[30m] @ " + (T0 + 2 * HOUR) / 1000 + ")"),
            Shape.exact("sum_over_time(g[30m]) / count_over_time(g[30m])"),
            Shape.exact("rate(c[5m]) * 60"),
            Shape.exact("2 * avg_over_time(g[30m]) + 1"));

    /**
     * Range queries a client asks over the last hour at "now", steps anywhere: a view that keeps the
     * samples answers them, and a curve view the sum.
     */
    private static final List<String> UNALIGNED =
            List.of("rate(c[5m])", "increase(c[30m])", "delta(g[30m])", "sum by (job) (rate(c[5m]))");

    private static final String CHAINED = "sum by (job) (rate(c[5m]))";

    private static TesseraServer server;

    @BeforeAll
    static void start() throws Exception {
        server = LoopbackServers.start("""
                storage:
                  retention: 1000d
                acceleration:
                  allowed_lateness: 5s
                """);
        writeData(new Random(20261202));
        List<WorkloadQuery> panels = new ArrayList<>();
        for (Shape s : SHAPES) {
            panels.add(WorkloadQuery.range(s.query(), HOUR, RULE_EVERY, 10_000));
        }
        for (String q : UNALIGNED) {
            panels.add(WorkloadQuery.range(q, HOUR, 15_000, 10_000).unaligned());
        }
        // the same sum as a dashboard asks it, on the grid: a pane view answers that one, and is tried first off the
        // grid
        panels.add(WorkloadQuery.range(CHAINED, HOUR, 15_000, 10_000));
        String plan = InstallablePlanCodec.toJson(
                Planner.plan(Workload.of(panels).withEstimates(10_000, SCRAPE)).plan());
        ServerHttp.installPlan(server.address(), plan);
        while (server.runIngestionRuns() > 0) {
            Thread.onSpinWait();
        }
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /**
     * 3 jobs × 8 instances of a gauge g and a counter c over 3 h at a 15 s scrape, each series on
     * its own phase (even milliseconds, never on a whole second, so no sample sits on a window's
     * start); some series start late or stop early with a stale marker, the counter resets now and
     * then, and the gauge repeats its value now and then (for changes).
     */
    private static void writeData(Random random) throws Exception {
        for (int s = 0; s < 24; s++) {
            long phase = 2 * (1 + random.nextInt(7_000));
            phase = phase % 1_000 == 0 ? phase + 2 : phase;
            long from = s % 7 == 3 ? T0 + 40 * 60_000 : T0;
            long to = s % 5 == 4 ? T0 + 2 * HOUR + 20 * 60_000 : T0 + 3 * HOUR;
            WriteBatchBuilder gauge = new WriteBatchBuilder(NameValidation.UTF8);
            WriteBatchBuilder counter = new WriteBatchBuilder(NameValidation.UTF8);
            double g = 1;
            double c = 0;
            for (long t = from + phase; t < to; t += SCRAPE) {
                g = random.nextInt(6) == 0 ? g : Math.exp(random.nextGaussian());
                c = random.nextInt(150) == 0 ? random.nextInt(5) : c + random.nextInt(30);
                gauge.addSample(t, g);
                counter.addSample(t, c);
            }
            if (to < T0 + 3 * HOUR) {
                gauge.addSample(to + phase, StaleMarker.VALUE);
                counter.addSample(to + phase, StaleMarker.VALUE);
            }
            String job = "j" + s % 3;
            String instance = "i" + s;
            gauge.endSeries(Labels.of("__name__", "g", "job", job, "instance", instance));
            counter.endSeries(Labels.of("__name__", "c", "job", job, "instance", instance));
            write(gauge);
            write(counter);
        }
    }

    private static void write(WriteBatchBuilder batch) throws Exception {
        HttpResponse<String> r = ServerHttp.send(ServerHttp.remoteWrite(server.address(), batch.build()));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(204);
    }

    @Test
    void everyShapeIsAnsweredFromViewsOnTheGridWithinItsTargetOnAndOffIt() throws Exception {
        Map<String, String> report = new TreeMap<>();
        List<String> offGridFromViews = new ArrayList<>();
        List<String> sharedOffGrid = new ArrayList<>();
        for (Shape shape : SHAPES) {
            JsonNode onGrid = instant(shape.query(), ON_GRID, true);
            assertThat(onGrid.path("infos").toString())
                    .as(shape.query() + " on the grid")
                    .contains("answered from view");
            double on = error(shape, onGrid, ON_GRID);
            // asked again, the view's group label sets are written from one rendering of them all
            for (int again = 0; again < 2; again++) {
                on = Math.max(on, error(shape, instant(shape.query(), ON_GRID, true), ON_GRID));
            }

            JsonNode offGrid = instant(shape.query(), OFF_GRID, true);
            double off = error(shape, offGrid, OFF_GRID);
            if (offGrid.path("infos").toString().contains("answered from view")) {
                offGridFromViews.add(shape.query());
            }
            // a dashboard refreshing before the next grid point: the second instant shares what the first kept
            JsonNode refreshed = instant(shape.query(), OFF_GRID + 7_000, true);
            off = Math.max(off, error(shape, refreshed, OFF_GRID + 7_000));
            // the third copies the label sets of the second's output series as one rendering
            off = Math.max(off, error(shape, instant(shape.query(), OFF_GRID + 12_000, true), OFF_GRID + 12_000));
            if (refreshed.path("infos").toString().contains("those that left kept from the first run after it")) {
                sharedOffGrid.add(shape.query());
            }

            long start = ON_GRID - HOUR;
            JsonNode range = get("/api/v1/query_range?query=" + enc(shape.query()) + "&start=" + start / 1000 + "&end="
                    + ON_GRID / 1000 + "&step=" + RULE_EVERY / 1000);
            assertThat(range.path("infos").toString())
                    .as(shape.query() + " range on the grid")
                    .contains("answered from view");
            double ranged =
                    shape.isQuantile() ? rangeRankError(shape, range, start) : rangeRelativeError(shape, range, start);

            double target = shape.isQuantile() ? 0.01 : 1e-9;
            assertThat(on).as(shape.query() + " on the grid").isLessThanOrEqualTo(target);
            assertThat(off).as(shape.query() + " off the grid").isLessThanOrEqualTo(target);
            assertThat(ranged).as(shape.query() + " range").isLessThanOrEqualTo(target);
            report.put(
                    shape.query(),
                    String.format(
                            Locale.ROOT,
                            "%s on grid %.2e, off grid %.2e%s, range %.2e",
                            shape.isQuantile() ? "rank error" : "relative error",
                            on,
                            off,
                            offGridFromViews.contains(shape.query()) ? " (views)" : " (exact)",
                            ranged));
        }
        report.forEach((q, line) -> System.out.printf(Locale.ROOT, "accelerated shape %-55s %s%n", q, line));
        assertThat(offGridFromViews)
                .as("off-grid instants corrected from the grid")
                .contains(
                        "sum_over_time(g[30m])",
                        "avg_over_time(g[30m])",
                        "max_over_time(g[30m])",
                        "rate(c[5m])",
                        "increase(c[30m])",
                        "quantile_over_time(0.9, g[30m])");
        assertThat(sharedOffGrid)
                .as("refreshed off-grid instants sharing what the first one kept")
                .contains(
                        "sum_over_time(g[30m])",
                        "avg_over_time(g[30m])",
                        "max_over_time(g[30m])",
                        "quantile_over_time(0.9, g[30m])");
        String metrics = CLIENT.send(
                        HttpRequest.newBuilder(uri("/metrics")).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        assertThat(metrics).containsPattern("(?m)^tessera_view_kept_correction_samples [1-9]");
    }

    /** The largest error of an instant answer at {@code t} against the exact engine's. */
    private static double error(Shape shape, JsonNode answer, long t) throws Exception {
        Map<Labels, Double> actual = vector(answer);
        if (!shape.isQuantile()) {
            Map<Labels, Double> expected = vector(instant(shape.query(), t, false));
            assertThat(actual.keySet()).as(shape.query() + " at " + t).isEqualTo(expected.keySet());
            double worst = 0;
            for (Map.Entry<Labels, Double> e : expected.entrySet()) {
                worst = Math.max(worst, relative(actual.get(e.getKey()), e.getValue()));
            }
            return worst;
        }
        Map<Labels, double[]> population = population(shape, t);
        assertThat(actual.keySet()).as(shape.query() + " at " + t).isEqualTo(population.keySet());
        double worst = 0;
        for (Map.Entry<Labels, Double> e : actual.entrySet()) {
            worst = Math.max(worst, rankError(population.get(e.getKey()), shape.q(), e.getValue()));
        }
        return worst;
    }

    @Test
    void unalignedRangeQueriesAreAnsweredFromKeptSamplesOrCurves() throws Exception {
        for (String query : UNALIGNED) {
            double worst = 0;
            // the last runs end in the newest panes, which no ingestion run has built yet
            for (long end : new long[] {OFF_GRID - 5 * 60_000 + 4_321, OFF_GRID + 4_321, T0 + 3 * HOUR - 1_001}) {
                long start = end - HOUR + 17;
                String range = "&start=" + seconds(start) + "&end=" + seconds(end) + "&step=15";
                JsonNode answer = get("/api/v1/query_range?query=" + enc(query) + range);
                assertThat(answer.path("infos").toString())
                        .as(query + " ending at " + end)
                        .contains("answered from view")
                        .contains(query.equals(CHAINED) ? "kept as functions of time" : "samples panes");
                if (query.equals(CHAINED)) {
                    assertThat(answer.path("infos").toString())
                            .as("the grid view tried first")
                            .contains("trying the next way");
                    if (end == T0 + 3 * HOUR - 1_001) {
                        assertThat(answer.path("infos").toString())
                                .as("the newest panes, not built yet")
                                .contains("computed another way");
                    }
                }
                worst = Math.max(worst, rangeRelativeError(query, answer, range));
            }
            assertThat(worst).as(query).isLessThanOrEqualTo(1e-9);
            System.out.printf(
                    Locale.ROOT,
                    "unaligned range %-30s relative error %.2e (%s view)%n",
                    query,
                    worst,
                    query.equals(CHAINED) ? "curve" : "samples");
        }
    }

    private static String seconds(long ms) {
        return String.format(Locale.ROOT, "%.3f", ms / 1000.0);
    }

    private static double rangeRelativeError(Shape shape, JsonNode answer, long start) throws Exception {
        return rangeRelativeError(
                shape.query(),
                answer,
                "&start=" + start / 1000 + "&end=" + ON_GRID / 1000 + "&step=" + RULE_EVERY / 1000);
    }

    /** The largest relative error of a range answer against the exact engine's over the same {@code range} parameters. */
    private static double rangeRelativeError(String query, JsonNode answer, String range) throws Exception {
        Map<Labels, double[]> actual = matrix(answer);
        Map<Labels, double[]> expected =
                matrix(get("/api/v1/query_range?query=" + enc(query) + range + "&accelerate=false"));
        assertThat(actual.keySet()).as(query + " range").isEqualTo(expected.keySet());
        double worst = 0;
        for (Map.Entry<Labels, double[]> e : expected.entrySet()) {
            double[] a = actual.get(e.getKey());
            double[] x = e.getValue();
            assertThat(a.length).as(query + " " + e.getKey()).isEqualTo(x.length);
            for (int i = 0; i < x.length; i++) {
                worst = Math.max(worst, relative(a[i], x[i]));
            }
        }
        return worst;
    }

    /** Quantile range answers, each step ranked among its exact population (steps without a value are NaN-padded). */
    private static double rangeRankError(Shape shape, JsonNode answer, long start) throws Exception {
        double worst = 0;
        for (JsonNode series : answer.path("data").path("result")) {
            Labels labels = ServerHttp.labels(series.path("metric"));
            for (JsonNode point : series.path("values")) {
                long t = Math.round(point.get(0).asDouble() * 1000);
                double[] population = population(shape, t).get(labels);
                assertThat(population)
                        .as(shape.query() + " " + labels + " at " + t)
                        .isNotNull();
                worst = Math.max(
                        worst,
                        rankError(
                                population,
                                shape.q(),
                                Double.parseDouble(point.get(1).asText())));
            }
        }
        assertThat(start).isLessThan(ON_GRID);
        return worst;
    }

    /** The sorted exact values a quantile answer at {@code t} is taken from, by the answer's labels. */
    private static Map<Labels, double[]> population(Shape shape, long t) throws Exception {
        JsonNode ranked = instant(shape.ranked(), t, false);
        Map<Labels, List<Double>> values = new HashMap<>();
        for (JsonNode r : ranked.path("data").path("result")) {
            Labels l = ServerHttp.labels(r.path("metric"));
            Labels key = shape.groupBy() == null
                    ? l.withoutMetricName()
                    : Labels.of(shape.groupBy(), l.get(shape.groupBy()));
            List<Double> into = values.computeIfAbsent(key, k -> new ArrayList<>());
            if (r.has("values")) {
                for (JsonNode p : r.path("values")) {
                    into.add(Double.parseDouble(p.get(1).asText()));
                }
            } else {
                into.add(Double.parseDouble(r.path("value").get(1).asText()));
            }
        }
        Map<Labels, double[]> sorted = new HashMap<>();
        values.forEach((k, v) -> {
            double[] a = v.stream().mapToDouble(Double::doubleValue).toArray();
            Arrays.sort(a);
            sorted.put(k, a);
        });
        return sorted;
    }

    /**
     * How far, as a share of n, the answer's place among the sorted values is from the rank
     * q·(n − 1) the quantile asks for: an exact (interpolated) answer is 0.
     */
    static double rankError(double[] sorted, double q, double answer) {
        int n = sorted.length;
        int below = 0;
        while (below < n && sorted[below] < answer) {
            below++;
        }
        int upTo = below;
        while (upTo < n && sorted[upTo] == answer) {
            upTo++;
        }
        return OracleComparison.rankDistance(n, below, upTo, q);
    }

    private static double relative(double a, double x) {
        if (Double.isNaN(a) && Double.isNaN(x) || a == x) {
            return 0;
        }
        return Math.abs(a - x) / Math.max(Math.max(Math.abs(a), Math.abs(x)), 1e-300);
    }

    private static JsonNode instant(String query, long t, boolean accelerate) throws Exception {
        JsonNode body = get(
                "/api/v1/query?query=" + enc(query) + "&time=" + t / 1000.0 + (accelerate ? "" : "&accelerate=false"));
        if (!accelerate) {
            assertThat(body.path("infos").toString()).as(query + " exactly").doesNotContain("answered from view");
        }
        return body;
    }

    private static Map<Labels, Double> vector(JsonNode body) {
        Map<Labels, Double> out = new HashMap<>();
        for (JsonNode r : body.path("data").path("result")) {
            out.put(
                    ServerHttp.labels(r.path("metric")),
                    Double.parseDouble(r.path("value").get(1).asText()));
        }
        return out;
    }

    private static Map<Labels, double[]> matrix(JsonNode body) {
        Map<Labels, double[]> out = new HashMap<>();
        for (JsonNode r : body.path("data").path("result")) {
            double[] values = new double[r.path("values").size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = Double.parseDouble(r.path("values").get(i).get(1).asText());
            }
            out.put(ServerHttp.labels(r.path("metric")), values);
        }
        return out;
    }

    private static JsonNode get(String path) throws Exception {
        HttpResponse<String> r =
                CLIENT.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        return JSON.readTree(r.body());
    }

    private static URI uri(String path) {
        return URI.create("http://" + server.address() + path);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
