package io.tessera.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Queries that would take the process down or answer wrongly are refused with Prometheus' errors:
 * subqueries of tiny steps at the sample limit before anything is allocated, deep nesting as a parse
 * error, a short timeout as 503; no error body carries a Java class name or a stack trace.
 */
class QuerySafetyApiTest {

    private static final long T0 = 1_700_000_000_000L;
    private static final String TOO_MANY_SAMPLES =
            "{\"status\":\"error\",\"errorType\":\"execution\",\"error\":\"query processing would load too many samples into memory in query execution\"}";

    @AutoClose
    private static final ApiClient api = new ApiClient();

    @BeforeAll
    static void load() {
        api.importText(IndexedSeries.exposition("x", 40, 240, T0, k -> k));
        StringBuilder paths = new StringBuilder();
        for (int s = 0; s < 200; s++) {
            paths.append("req{path=\"/")
                    .append("a".repeat(30))
                    .append(s)
                    .append("\"} 1 ")
                    .append(T0 + 3_600_000)
                    .append('\n');
        }
        api.importText(paths.toString());
    }

    private static HttpResponse<String> instant(String query, String... more) {
        String[] params = new String[4 + more.length];
        params[0] = "query";
        params[1] = query;
        params[2] = "time";
        params[3] = String.valueOf((T0 + 3_600_000) / 1000);
        System.arraycopy(more, 0, params, 4, more.length);
        return api.get("/api/v1/query", params);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "count_over_time(vector(1)[1d:1ms])",
                "max_over_time(x[30d:1ms])",
                "count(count_over_time(x[30d:1s]))",
                "count(count_over_time(x[1h:1ms]))"
            })
    void subqueriesOfTinyStepsStopAtTheSampleLimit(String query) {
        long start = System.nanoTime();
        HttpResponse<String> r = instant(query);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(r.statusCode()).as(r.body()).isEqualTo(422);
        assertThat(r.body()).isEqualTo(TOO_MANY_SAMPLES);
        assertThat(millis).as("answered in %d ms", millis).isLessThan(30_000);
    }

    @Test
    void aSubqueryUnderTheLimitStillAnswers() {
        HttpResponse<String> r = instant("count_over_time(vector(1)[1m:1ms])");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).contains("\"60000\"");
    }

    @Test
    void rangeQueriesBeyondElevenThousandPointsAreRefusedAsPrometheusDoes() {
        HttpResponse<String> r =
                api.get("/api/v1/query_range", "query", "x", "start", "0", "end", "11001", "step", "1");
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body())
                .isEqualTo(
                        "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"exceeded maximum resolution of "
                                + "11,000 points per timeseries. Try decreasing the query resolution (?step=XX)\"}");
    }

    @Test
    void twoThousandNestedParenthesesAreABadDataParseError() {
        HttpResponse<String> r = instant("(".repeat(2_000) + "x" + ")".repeat(2_000));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(r.body())
                .startsWith(
                        "{\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"invalid parameter \\\"query\\\": 1:257: parse error: expression nests more than 256 levels deep");
        assertNoJavaInternals(r.body());
    }

    @Test
    void aThreeThousandTermOrChainIsABadDataParseError() {
        HttpResponse<String> r = instant(String.join(" or ", java.util.Collections.nCopies(3_000, "x")));
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(r.body()).contains("levels deep");
        assertNoJavaInternals(r.body());
    }

    @Test
    void aShortTimeoutAnswersPrometheusTimeoutPromptly() {
        long start = System.nanoTime();
        HttpResponse<String> r = instant("count_over_time(vector(1)[12h:1ms])", "timeout", "50ms");
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
        assertThat(r.body())
                .isEqualTo(
                        "{\"status\":\"error\",\"errorType\":\"timeout\",\"error\":\"query timed out in expression evaluation\"}");
        assertThat(millis).as("answered in %d ms", millis).isLessThan(5_000);
    }

    @Test
    void regexOverAMebibyteLabelValueReturnsTheSeries() {
        api.importText("big{v=\"" + "xy".repeat(512 * 1024) + "\"} 1 " + (T0 + 3_600_000) + "\n");
        HttpResponse<String> stored = instant("count(big)");
        assertThat(stored.body()).as("the series was stored").contains("\"1\"");
        HttpResponse<String> r = instant("count(big{v=~\"(x|y)*\"})");
        assertThat(r.statusCode())
                .as(r.body().substring(0, Math.min(300, r.body().length())))
                .isEqualTo(200);
        assertThat(r.body()).contains("\"1\"");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT count(*) FROM x WHERE value > 99999999999999999999999",
                "SELECT count(*) FROM x WHERE ts > toDateTime(9223372036854775807)",
                "SELECT count(*) FROM x LIMIT 99999999999999999999999"
            })
    void sqlNumbersOutOfRangeAreBadSql(String sql) {
        HttpResponse<String> r = api.post("/api/v1/sql", "", "query", sql);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(r.body()).startsWith("{\"error\":\"number out of range: ").endsWith("\"error_type\":\"bad_sql\"}");
        assertNoJavaInternals(r.body());
    }

    @Test
    void aThreeThousandTermSqlOrIsBadSqlAndAThousandTermOneAnswers() {
        HttpResponse<String> deep = sqlOrChain(3_000);
        assertThat(deep.statusCode()).as(deep.body()).isEqualTo(400);
        assertThat(deep.body()).contains("levels deep").contains("\"error_type\":\"bad_sql\"");
        assertNoJavaInternals(deep.body());

        HttpResponse<String> accepted = sqlOrChain(999);
        assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
        assertThat(accepted.body()).contains("[[240]]");
    }

    /** A SQL count over {@code terms} equality conditions joined by OR. */
    private static HttpResponse<String> sqlOrChain(int terms) {
        return api.post(
                "/api/v1/sql",
                "",
                "query",
                "SELECT count(*) FROM x WHERE " + String.join(" OR ", java.util.Collections.nCopies(terms, "i = '1'")));
    }

    @Test
    @org.junit.jupiter.api.Timeout(value = 60, threadMode = org.junit.jupiter.api.Timeout.ThreadMode.SEPARATE_THREAD)
    void aPathologicalRegexOverManySeriesAnswersAsFastAsAPlainOne() {
        instant("count(req{path=~\"/a.*\"})");
        long start = System.nanoTime();
        HttpResponse<String> plain = instant("count(req{path=~\"/a.*\"})");
        long plainNanos = System.nanoTime() - start;
        start = System.nanoTime();
        HttpResponse<String> pathological = instant("count(req{path=~\"(.*a){12}[bc]\"})");
        long pathologicalNanos = System.nanoTime() - start;
        assertThat(plain.body()).contains("\"200\"");
        assertThat(pathological.statusCode()).isEqualTo(200);
        assertThat(pathological.body()).contains("\"result\":[]");
        assertThat(pathologicalNanos)
                .as("pathological %d ms, plain %d ms", pathologicalNanos / 1_000_000, plainNanos / 1_000_000)
                .isLessThan(Math.max(plainNanos, 100_000_000L) * 20);
    }

    @Test
    void aBadRegexIsBadDataWithRe2sMessage() {
        HttpResponse<String> r = instant("x{i=~\"a(b\"}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(r.body())
                .startsWith("{\"status\":\"error\",\"errorType\":\"bad_data\",")
                .contains("error parsing regexp: missing closing ): `a(b`");
        assertNoJavaInternals(r.body());
    }

    @Test
    void labelReplaceExpandsGroupsWithRe2() {
        HttpResponse<String> r =
                instant("label_replace(x{i=\"12\"}, \"d\", \"$2-${1}\", \"i\", \"(?P<a>[0-9])([0-9])\")");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.body()).contains("\"d\":\"2-1\"");
    }

    static void assertNoJavaInternals(String body) {
        assertThat(body)
                .doesNotContain("java.")
                .doesNotContain("Exception")
                .doesNotContain("Error:")
                .doesNotContain("\tat ")
                .doesNotContain(".java");
    }
}
