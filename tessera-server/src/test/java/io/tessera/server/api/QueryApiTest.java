package io.tessera.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tessera.promql.ParseException;
import io.tessera.promql.Parser;
import io.tessera.promql.Printer;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The query endpoints against an in-process server. The two documented examples of
 * Prometheus' API page (an instant and a range query of {@code up}) are reproduced with the
 * same series and compared byte for byte.
 */
class QueryApiTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @AutoClose
    private static final ApiClient api = new ApiClient();

    /** Grafana-style data: a sample every 15 s for an hour from T0, aligned to the minute. */
    private static final long T0 = 1_700_000_040_000L;

    @BeforeAll
    static void load() {
        api.importText("""
                up{job="prometheus",instance="localhost:9090"} 1 1435781420000
                up{job="prometheus",instance="localhost:9090"} 1 1435781435000
                up{job="prometheus",instance="localhost:9090"} 1 1435781450000
                up{job="node",instance="localhost:9100"} 0 1435781440000
                up{job="node",instance="localhost:9091"} 0 1435781420000
                up{job="node",instance="localhost:9091"} 0 1435781435000
                up{job="node",instance="localhost:9091"} 1 1435781455000
                """);
        StringBuilder grafana = new StringBuilder();
        for (int i = 0; i < 240; i++) {
            long t = T0 + i * 15_000L;
            grafana.append("http_requests_total{job=\"api\",instance=\"x\"} ")
                    .append(i * 10)
                    .append(' ')
                    .append(t)
                    .append('\n');
            grafana.append("http_requests_total{job=\"api\",instance=\"y\"} ")
                    .append(i * 5)
                    .append(' ')
                    .append(t)
                    .append('\n');
            grafana.append("http_requests_total{job=\"db\",instance=\"z\"} ")
                    .append(i)
                    .append(' ')
                    .append(t)
                    .append('\n');
        }
        api.importText(grafana.toString());
    }

    static String seconds(long ms) {
        return ApiJson.timestamp(ms);
    }

    @Test
    void instantQueryIsPrometheusDocumentedExampleByteForByte() {
        HttpResponse<String> r = api.get(
                "/api/v1/query", "query", "up{instance!=\"localhost:9091\"}", "time", "2015-07-01T20:10:51.781Z");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(r.body())
                .isEqualTo(
                        "{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
                                + "{\"metric\":{\"__name__\":\"up\",\"instance\":\"localhost:9090\",\"job\":\"prometheus\"},\"value\":[1435781451.781,\"1\"]},"
                                + "{\"metric\":{\"__name__\":\"up\",\"instance\":\"localhost:9100\",\"job\":\"node\"},\"value\":[1435781451.781,\"0\"]}]}}");
    }

    @Test
    void rangeQueryIsPrometheusDocumentedExampleByteForByte() {
        HttpResponse<String> r = api.get(
                "/api/v1/query_range",
                "query",
                "up{instance!=\"localhost:9100\"}",
                "start",
                "2015-07-01T20:10:30.781Z",
                "end",
                "2015-07-01T20:11:00.781Z",
                "step",
                "15s");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body())
                .isEqualTo("{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":["
                        + "{\"metric\":{\"__name__\":\"up\",\"instance\":\"localhost:9090\",\"job\":\"prometheus\"},"
                        + "\"values\":[[1435781430.781,\"1\"],[1435781445.781,\"1\"],[1435781460.781,\"1\"]]},"
                        + "{\"metric\":{\"__name__\":\"up\",\"instance\":\"localhost:9091\",\"job\":\"node\"},"
                        + "\"values\":[[1435781430.781,\"0\"],[1435781445.781,\"0\"],[1435781460.781,\"1\"]]}]}}");
    }

    @Test
    void unixSecondsAndRfc3339AnswerAlike() {
        HttpResponse<String> rfc = api.get("/api/v1/query", "query", "up", "time", "2015-07-01T20:10:51.781Z");
        HttpResponse<String> unix = api.get("/api/v1/query", "query", "up", "time", "1435781451.781");
        HttpResponse<String> offset = api.get("/api/v1/query", "query", "up", "time", "2015-07-01T22:10:51.781+02:00");
        assertThat(unix.body()).isEqualTo(rfc.body());
        assertThat(offset.body()).isEqualTo(rfc.body());
        assertThat(rfc.body()).contains("[1435781451.781,");
    }

    @Test
    void scalarAndStringResultsUseGoFloatTimes() {
        assertThat(api.get("/api/v1/query", "query", "1.5", "time", "1435781451.78")
                        .body())
                .isEqualTo(
                        "{\"status\":\"success\",\"data\":{\"resultType\":\"scalar\",\"result\":[1435781451.78,\"1.5\"]}}");
        assertThat(api.get("/api/v1/query", "query", "\"a<b\"", "time", "1435781451")
                        .body())
                .isEqualTo(
                        "{\"status\":\"success\",\"data\":{\"resultType\":\"string\",\"result\":[1435781451,\"a\\u003cb\"]}}");
    }

    @Test
    void specialValuesAreWrittenAsPrometheusWritesThem() {
        String body = api.get("/api/v1/query", "query", "vector(1) / 0", "time", "1435781451")
                .body();
        assertThat(body).contains("\"value\":[1435781451,\"+Inf\"]");
        assertThat(api.get("/api/v1/query", "query", "vector(-1) / 0", "time", "1435781451")
                        .body())
                .contains("\"-Inf\"");
        assertThat(api.get("/api/v1/query", "query", "vector(0) / 0", "time", "1435781451")
                        .body())
                .contains("\"NaN\"");
        assertThat(api.get("/api/v1/query", "query", "vector(0.0000001)", "time", "1435781451")
                        .body())
                .contains("\"1e-07\"");
    }

    @Test
    void postFormAndQueryStringBothCount() throws IOException {
        HttpResponse<String> get = api.get("/api/v1/query", "query", "up", "time", "1435781451.781");
        HttpResponse<String> post = api.post("/api/v1/query", "", "query", "up", "time", "1435781451.781");
        HttpResponse<String> mixed = api.post("/api/v1/query", ApiClient.form("time", "1435781451.781"), "query", "up");
        assertThat(post.statusCode()).isEqualTo(200);
        assertThat(post.body()).isEqualTo(get.body());
        assertThat(mixed.body()).isEqualTo(get.body());
        // the body's value wins over the query string's, as in Go's FormValue
        HttpResponse<String> both =
                api.post("/api/v1/query", ApiClient.form("query", "nope{"), "query", "up", "time", "1435781451.781");
        assertThat(both.body()).isEqualTo(get.body());
        assertThat(JSON.readTree(get.body()).at("/data/result").size()).isEqualTo(3);
    }

    @Test
    void rangeQueryPostLikeGrafanaAlignsToStep() throws IOException {
        long step = 60_000;
        long start = T0 + 5 * step;
        long end = T0 + 50 * step;
        HttpResponse<String> r = api.post(
                "/api/v1/query_range",
                "",
                "query",
                "sum by (job) (rate(http_requests_total[5m]))",
                "start",
                seconds(start),
                "end",
                seconds(end),
                "step",
                "60");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode result = JSON.readTree(r.body()).at("/data/result");
        assertThat(result.size()).isEqualTo(2);
        List<String> jobs = new ArrayList<>();
        for (JsonNode series : result) {
            jobs.add(series.at("/metric/job").asText());
            JsonNode values = series.get("values");
            assertThat(values.size()).isEqualTo(46);
            for (int k = 0; k < values.size(); k++) {
                assertThat(values.get(k).get(0).decimalValue().movePointRight(3).longValueExact())
                        .isEqualTo(start + k * step);
            }
        }
        assertThat(jobs).containsExactly("api", "db");
        // 15 and 1 per 15 s: rates of 1/s and 1/15 s
        assertThat(Double.parseDouble(result.get(0).at("/values/10/1").asText()))
                .isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(Double.parseDouble(result.get(1).at("/values/10/1").asText()))
                .isCloseTo(1 / 15.0, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void parseErrorsAreBadDataWithTheParsersMessage() {
        String message = parseError("sum(up");
        HttpResponse<String> instant = api.get("/api/v1/query", "query", "sum(up");
        assertThat(instant.statusCode()).isEqualTo(400);
        assertThat(instant.body())
                .isEqualTo("{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":"
                        + "\"invalid parameter \\\"query\\\": " + message + "\"}");
        HttpResponse<String> range =
                api.get("/api/v1/query_range", "query", "sum(up", "start", "0", "end", "60", "step", "15");
        assertThat(range.statusCode()).isEqualTo(400);
        assertThat(range.body())
                .isEqualTo("{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"" + message + "\"}");
        assertThat(message).startsWith("1:");
    }

    private static String parseError(String query) {
        try {
            Parser.parse(query);
        } catch (ParseException e) {
            return e.getMessage();
        }
        throw new AssertionError(query + " parses");
    }

    @Test
    void parameterErrorsUsePrometheusMessages() {
        assertError(
                api.get("/api/v1/query", "query", "up", "time", "yesterday"),
                400,
                "bad_data",
                "invalid parameter \\\"time\\\": invalid time value for 'time': cannot parse \\\"yesterday\\\" to a valid timestamp");
        assertError(
                api.get("/api/v1/query_range", "query", "up", "end", "60", "step", "15"),
                400,
                "bad_data",
                "invalid parameter \\\"start\\\": cannot parse \\\"\\\" to a valid timestamp");
        assertError(
                api.get("/api/v1/query_range", "query", "up", "start", "60", "end", "0", "step", "15"),
                400,
                "bad_data",
                "invalid parameter \\\"end\\\": end timestamp must not be before start time");
        assertError(
                api.get("/api/v1/query_range", "query", "up", "start", "0", "end", "60", "step", "0"),
                400,
                "bad_data",
                "invalid parameter \\\"step\\\": zero or negative query resolution step widths are not accepted. Try a positive integer");
        assertError(
                api.get("/api/v1/query_range", "query", "up", "start", "0", "end", "60", "step", "1x"),
                400,
                "bad_data",
                "invalid parameter \\\"step\\\": cannot parse \\\"1x\\\" to a valid duration");
        assertError(
                api.get("/api/v1/query", "query", "up", "timeout", "soon"),
                400,
                "bad_data",
                "invalid parameter \\\"timeout\\\": cannot parse \\\"soon\\\" to a valid duration");
        assertError(
                api.get("/api/v1/query", "query", "up", "lookback_delta", "far"),
                400,
                "bad_data",
                "error parsing lookback delta duration: cannot parse \\\"far\\\" to a valid duration");
        assertError(
                api.get("/api/v1/query", "query", "up", "limit", "-1"),
                400,
                "bad_data",
                "invalid parameter \\\"limit\\\": limit must be non-negative");
    }

    @Test
    void rangeQueriesAreLimitedToPrometheusResolution() {
        assertError(
                api.get("/api/v1/query_range", "query", "1", "start", "0", "end", "11001", "step", "1"),
                400,
                "bad_data",
                "exceeded maximum resolution of 11,000 points per timeseries. Try decreasing the query resolution (?step=XX)");
        HttpResponse<String> most =
                api.get("/api/v1/query_range", "query", "1", "start", "0", "end", "11000", "step", "1");
        assertThat(most.statusCode()).as(most.body()).isEqualTo(200);
        assertThat(most.body())
                .startsWith(
                        "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[{\"metric\":{},\"values\":[[0,\"1\"],[1,\"1\"],")
                .endsWith("[11000,\"1\"]]}]}}");
    }

    @Test
    void rangeQueriesRefuseRangeVectors() {
        assertError(
                api.get("/api/v1/query_range", "query", "up[5m]", "start", "0", "end", "60", "step", "15"),
                400,
                "bad_data",
                "invalid expression type \\\"range vector\\\" for range query, must be Scalar or instant Vector");
    }

    @Test
    void manyToManyMatchingIsAnExecutionError() {
        HttpResponse<String> r = api.get(
                "/api/v1/query",
                "query",
                "http_requests_total * on(job) http_requests_total",
                "time",
                seconds(T0 + 60_000));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
        assertThat(r.body())
                .startsWith("{\"status\":\"error\",\"errorType\":\"execution\",\"error\":\"")
                .contains("many-to-many matching not allowed");
    }

    /**
     * Prometheus 3 checks count_values' label name under UTF-8 validation: a name with a space is
     * valid and names the output label; the empty name is an execution error.
     */
    @Test
    void countValuesChecksItsLabelNameAsPrometheus3() throws IOException {
        HttpResponse<String> ok =
                api.get("/api/v1/query", "query", "count_values(\"bad label\", up)", "time", "1435781460");
        assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
        JsonNode result = JSON.readTree(ok.body()).path("data").path("result");
        assertThat(result).hasSize(2);
        assertThat(result.get(0).path("metric").path("bad label").asText()).isIn("0", "1");
        assertError(
                api.get("/api/v1/query", "query", "count_values(\"\", up)", "time", "1435781460"),
                422,
                "execution",
                "invalid label name \\\"\\\"");
    }

    @Test
    void aTimeoutIsATimeoutError() {
        HttpResponse<String> r = api.get(
                "/api/v1/query_range",
                "query",
                "rate(http_requests_total[5m])",
                "start",
                seconds(T0),
                "end",
                seconds(T0 + 3_600_000),
                "step",
                "15",
                "timeout",
                "0");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
        assertThat(r.body()).startsWith("{\"status\":\"error\",\"errorType\":\"timeout\",\"error\":\"");
        HttpResponse<String> generous =
                api.get("/api/v1/query", "query", "up", "time", "1435781451.781", "timeout", "1m");
        assertThat(generous.statusCode()).isEqualTo(200);
    }

    @Test
    void lookbackDeltaShortensTheLookback() throws IOException {
        // the last sample of localhost:9100 is 11.781 s before this time
        HttpResponse<String> short10s = upOf9100WithLookback("10s");
        HttpResponse<String> long1m = upOf9100WithLookback("1m");
        assertThat(JSON.readTree(short10s.body()).at("/data/result").size()).isZero();
        assertThat(JSON.readTree(long1m.body()).at("/data/result").size()).isEqualTo(1);
    }

    private static HttpResponse<String> upOf9100WithLookback(String lookbackDelta) {
        return api.get(
                "/api/v1/query",
                "query",
                "up{instance=\"localhost:9100\"}",
                "time",
                "1435781451.781",
                "lookback_delta",
                lookbackDelta);
    }

    @Test
    void limitTruncatesWithAWarning() {
        HttpResponse<String> r = api.get("/api/v1/query", "query", "up", "time", "1435781451.781", "limit", "1");
        assertThat(r.body())
                .isEqualTo("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":["
                        + "{\"metric\":{\"__name__\":\"up\",\"instance\":\"localhost:9090\",\"job\":\"prometheus\"},\"value\":[1435781451.781,\"1\"]}]},"
                        + "\"warnings\":[\"results truncated due to limit\"]}");
    }

    @Test
    void emptyResultsAreEmptyArrays() {
        assertThat(api.get("/api/v1/query", "query", "nothing_here", "time", "1435781451")
                        .body())
                .isEqualTo("{\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[]}}");
        assertThat(api.get("/api/v1/query_range", "query", "nothing_here", "start", "0", "end", "60", "step", "15")
                        .body())
                .isEqualTo("{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":[]}}");
    }

    /**
     * Prometheus 2.42's answers to the same requests, as a Prometheus without exemplars gives them
     * (the time error in Prometheus 3's lower-case wording, like the rest of this API).
     */
    @Test
    void queryExemplarsAnswersAsPrometheusWithoutExemplars() throws IOException {
        assertThat(api.get("/api/v1/query_exemplars", "query", "http_requests_total", "start", "0", "end", "60")
                        .body())
                .isEqualTo("{\"status\":\"success\",\"data\":[]}");
        assertThat(api.post("/api/v1/query_exemplars", "", "query", "sum(rate(http_requests_total[5m]))")
                        .body())
                .isEqualTo("{\"status\":\"success\",\"data\":[]}");
        HttpResponse<String> noSelector = api.get("/api/v1/query_exemplars", "query", "1+1", "start", "0", "end", "60");
        assertThat(noSelector.statusCode()).isEqualTo(204);
        assertThat(noSelector.body()).isEmpty();
        assertError(
                api.get("/api/v1/query_exemplars", "query", "sum(", "start", "0", "end", "60"),
                400,
                "bad_data",
                "1:5: parse error: unclosed left parenthesis");
        assertError(
                api.get("/api/v1/query_exemplars", "query", "up", "start", "60", "end", "0"),
                400,
                "bad_data",
                "end timestamp must not be before start timestamp");
        assertError(
                api.get("/api/v1/query_exemplars", "query", "up", "start", "abc"),
                400,
                "bad_data",
                "invalid parameter \\\"start\\\": invalid time value for 'start': cannot parse \\\"abc\\\" to a valid timestamp");
    }

    @Test
    void formatQueryPrintsTheCanonicalForm() {
        String q = "sum(rate(http_requests_total{job=\"api\"}[5m]))by(job)";
        HttpResponse<String> r = api.get("/api/v1/format_query", "query", q);
        assertThat(r.body())
                .isEqualTo("{\"status\":\"success\",\"data\":\""
                        + Printer.print(Parser.parse(q)).replace("\"", "\\\"") + "\"}");
        assertThat(r.body()).contains("sum by (job) (rate(http_requests_total{job=\\\"api\\\"}[5m]))");
        assertThat(api.get("/api/v1/format_query", "query", "sum(").statusCode())
                .isEqualTo(400);
    }

    @Test
    void largeResultsAreStreamedAndGzippedWhenAccepted() throws IOException {
        String query = ApiClient.form(
                "query", "http_requests_total", "start", seconds(T0), "end", seconds(T0 + 3_600_000), "step", "1");
        HttpResponse<String> plain = api.get("/api/v1/query_range?" + query);
        assertThat(plain.body().length()).isGreaterThan(ResponseLimit.BYTES);
        HttpResponse<byte[]> zipped = api.sendBytes(
                HttpRequest.newBuilder(api.uri("/api/v1/query_range?" + query)).header("Accept-Encoding", "gzip"));
        assertThat(zipped.headers().firstValue("Content-Encoding")).hasValue("gzip");
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(zipped.body()))) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(plain.body());
        }
    }

    /** The size past which a response is chunked rather than buffered. */
    private static final class ResponseLimit {
        static final int BYTES = 64 * 1024;
    }

    static void assertError(HttpResponse<String> r, int status, String type, String escapedMessage) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(r.body())
                .isEqualTo(
                        "{\"status\":\"error\",\"errorType\":\"" + type + "\",\"error\":\"" + escapedMessage + "\"}");
    }
}
