package io.tessera.server.accel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.server.ServerHttp;
import io.tessera.server.TesseraServer;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code /metrics} after a few queries, some answered from views, some exactly, some refused: the
 * page parses with Prometheus' own checker, and its query series count exactly those queries.
 */
class QueryMetricsScrapeTest {

    private static final long T0 = 1_767_225_600_000L;
    private static final long SPAN = 40 * 60_000;
    private static final long T = T0 + SPAN - 61_234;
    private static final List<String> COVERED = List.of(
            "quantile_over_time(0.9, latency[10m])",
            "sum_over_time(latency[10m])",
            "sum by (job) (rate(requests_total[5m]))");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path PROMTOOL = Path.of("/usr/bin/promtool");

    private static TesseraServer server;
    private static String page;

    @BeforeAll
    static void queryThenScrape() throws Exception {
        server = AccelerationEndToEndTest.startWithViews(23, 20, false);

        for (String q : COVERED) {
            String infos = query("/api/v1/query", q, "&time=" + T / 1000.0, 200)
                    .path("infos")
                    .toString();
            assertThat(infos).as(q).contains("answered from view").doesNotContain("answered exactly");
            assertThat(query("/api/v1/query", q, "&time=" + T / 1000.0 + "&accelerate=false", 200)
                            .path("infos")
                            .toString())
                    .as(q)
                    .doesNotContain("answered from view");
        }
        String range = "&start=" + (T - 600_000) / 1000.0 + "&end=" + T / 1000.0 + "&step=60";
        query("/api/v1/query_range", "sum_over_time(latency[10m])", range + "&accelerate=false", 200);
        query("/api/v1/query_range", "up", range, 200);
        assertThat(query("/api/v1/query", "sum(latency", "", 400)
                        .path("errorType")
                        .asText())
                .isEqualTo("bad_data");
        assertThat(query("/api/v1/query_range", "latency", "&start=10&end=5&step=1", 400)
                        .path("errorType")
                        .asText())
                .isEqualTo("bad_data");
        assertThat(post("/api/v1/sql", "SELEC 1").statusCode()).isEqualTo(400);

        HttpResponse<String> scraped = ServerHttp.get(server.address(), "/metrics");
        assertThat(scraped.statusCode()).isEqualTo(200);
        assertThat(scraped.headers().firstValue("Content-Type"))
                .hasValueSatisfying(v -> assertThat(v).startsWith("text/plain; version=0.0.4"));
        page = scraped.body();
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void pageParsesWithPromtool() throws Exception {
        assumeThat(Files.isExecutable(PROMTOOL))
                .as("promtool is not installed at " + PROMTOOL + "; skipped")
                .isTrue();
        Process check = new ProcessBuilder(PROMTOOL.toString(), "check", "metrics")
                .redirectErrorStream(true)
                .start();
        try (var in = check.getOutputStream()) {
            in.write(page.getBytes(StandardCharsets.UTF_8));
        }
        String said = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(check.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(check.exitValue()).as(said).isZero();
    }

    @Test
    void queriesAreCountedByEndpointAndSource() {
        Map<String, Double> values = values(page);
        assertThat(values.get("tessera_queries_total{endpoint=\"query\",source=\"views\"}"))
                .isEqualTo(COVERED.size());
        assertThat(values.get("tessera_queries_total{endpoint=\"query\",source=\"exact\"}"))
                .isEqualTo(COVERED.size());
        assertThat(values.get("tessera_queries_total{endpoint=\"query\",source=\"mixed\"}"))
                .isZero();
        assertThat(values.get("tessera_queries_total{endpoint=\"query_range\",source=\"exact\"}"))
                .isEqualTo(2);
        assertThat(values.get("tessera_query_duration_seconds_count{endpoint=\"query\",source=\"views\"}"))
                .isEqualTo(COVERED.size());
        assertThat(values.get("tessera_query_duration_seconds_bucket{endpoint=\"query\",source=\"views\",le=\"+Inf\"}"))
                .isEqualTo(COVERED.size());
        assertThat(values.get("tessera_query_duration_seconds_count{endpoint=\"query_range\",source=\"exact\"}"))
                .isEqualTo(2);
        assertThat(values.get("tessera_query_duration_seconds_sum{endpoint=\"query\",source=\"exact\"}"))
                .isPositive();
    }

    @Test
    void failuresAreCountedByReason() {
        Map<String, Double> values = values(page);
        assertThat(values.get("tessera_query_errors_total{endpoint=\"query\",reason=\"bad_data\"}"))
                .isEqualTo(1);
        assertThat(values.get("tessera_query_errors_total{endpoint=\"query_range\",reason=\"bad_data\"}"))
                .isEqualTo(1);
        assertThat(values.get("tessera_query_errors_total{endpoint=\"sql\",reason=\"bad_data\"}"))
                .isEqualTo(1);
        assertThat(values.keySet())
                .noneMatch(k -> k.startsWith("tessera_query_errors_total{") && !k.contains("bad_data"));
    }

    @Test
    void processAndJvmMetricsAreThere() {
        Map<String, Double> values = values(page);
        assertThat(values.get("process_cpu_seconds_total")).isPositive();
        assertThat(values.get("process_resident_memory_bytes")).isGreaterThan(1e6);
        assertThat(values.get("process_open_fds")).isPositive();
        double now = System.currentTimeMillis() / 1000.0;
        assertThat(values.get("process_start_time_seconds")).isBetween(now - 3600, now);
        assertThat(page)
                .contains(
                        "# TYPE jvm_memory_used_bytes gauge",
                        "# TYPE jvm_gc_collection_seconds summary",
                        "# TYPE jvm_threads_current gauge");
    }

    @Test
    void runningTotalsAreCountersAndLevelsGauges() {
        for (String counter : List.of(
                "tessera_ingest_requests_total",
                "tessera_ingest_samples_total",
                "tessera_view_panes_built_total",
                "tessera_view_build_cpu_seconds_total",
                "tessera_view_late_samples_total",
                "tessera_view_panes_rebuilt_total",
                "tessera_view_late_rows_total",
                "tessera_raw_recent_span_reads_total",
                "tessera_raw_span_reads_reused_total",
                "tessera_view_maintenance_failures_total",
                "tessera_table_requests_total",
                "tessera_table_rows_total")) {
            assertThat(page).as(counter).contains("# TYPE " + counter + " counter\n");
        }
        for (String gauge : List.of(
                "tessera_views",
                "tessera_view_lag_seconds",
                "tessera_view_state_bytes",
                "tessera_view_stale_panes",
                "tessera_view_kept_correction_samples",
                "tessera_raw_series",
                "tessera_raw_samples",
                "tessera_raw_chunk_bytes",
                "tessera_raw_memory_bytes",
                "tessera_raw_recent_samples_bytes",
                "tessera_table_memory_bytes")) {
            assertThat(page).as(gauge).contains("# TYPE " + gauge + " gauge\n");
        }
        Map<String, Double> values = values(page);
        assertThat(values.get("tessera_view_panes_built_total")).isGreaterThan(20);
        assertThat(values.get("tessera_ingest_requests_total{result=\"accepted\"}"))
                .isEqualTo(1);
    }

    @Test
    void everyTesseraMetricIsDocumented() throws Exception {
        String doc = Files.readString(Path.of("..", "docs", "observability.md"));
        Matcher type = Pattern.compile("(?m)^# TYPE (tessera_\\w+) (\\w+)$").matcher(page);
        int families = 0;
        while (type.find()) {
            families++;
            assertThat(doc)
                    .as(type.group(1))
                    .containsPattern("\\| `" + type.group(1) + "` \\| " + type.group(2) + " \\|");
        }
        assertThat(families).isGreaterThanOrEqualTo(25);
    }

    /** Each sample line of a text-format page, by series (name and labels as written). */
    private static Map<String, Double> values(String text) {
        Map<String, Double> out = new HashMap<>();
        Matcher m = Pattern.compile("(?m)^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\\{[^}]*})?) (\\S+)$")
                .matcher(text);
        while (m.find()) {
            out.put(m.group(1), Double.parseDouble(m.group(2).replace("+Inf", "Infinity")));
        }
        return out;
    }

    private static JsonNode query(String path, String query, String params, int status) throws Exception {
        HttpResponse<String> r = post(path, "query=" + URLEncoder.encode(query, StandardCharsets.UTF_8) + params);
        assertThat(r.statusCode()).as(query + ": " + r.body()).isEqualTo(status);
        return JSON.readTree(r.body());
    }

    private static HttpResponse<String> post(String path, String body) throws Exception {
        return ServerHttp.post(server.address(), path, body);
    }
}
