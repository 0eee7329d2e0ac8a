package io.tessera.promqltest;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConformanceRunnerTest {

    private static final Labels PROD = Labels.of("env", "prod");
    private static final Labels TEST = Labels.of("env", "test");

    private static QueryOutcome vector(long t, Object... labelsAndValues) {
        List<QueryResult.Sample> samples = new java.util.ArrayList<>();
        for (int i = 0; i < labelsAndValues.length; i += 2) {
            samples.add(new QueryResult.Sample(
                    (Labels) labelsAndValues[i], ((Number) labelsAndValues[i + 1]).doubleValue()));
        }
        return QueryOutcome.of(new QueryResult.Vector(t, samples));
    }

    private static PointSeries series(Labels labels, long[] ts, double... values) {
        return new PointSeries(labels, ts, values);
    }

    private static QueryOutcome matrix(PointSeries... series) {
        return QueryOutcome.of(new QueryResult.Matrix(List.of(series)));
    }

    private static EvalOutcome only(String script, TableEngine engine, RunnerOptions options) {
        ScriptReport report = new ConformanceRunner(engine, options, TestScript.parse("t.test", script)).runAll();
        assertThat(report.outcomes()).hasSize(1);
        return report.outcomes().getFirst();
    }

    private static final String SUM_BY_ENV = """
            load 1m
              my_metric{env="prod"} 1 5
              my_metric{env="test"} 2 20

            eval instant at 1m sum by (env) (my_metric)
              {env="prod"} 5
              {env="test"} 20
            """;

    @Test
    void passesWhenTheResultMatchesInAnyOrderAndLoadsReachTheEngine() {
        TableEngine engine =
                new TableEngine().answerInstant("sum by (env) (my_metric)", 60_000, vector(60_000, TEST, 20, PROD, 5));
        EvalOutcome o = only(SUM_BY_ENV, engine, RunnerOptions.INSTANT_ONLY);
        assertThat(o.status()).as(o.describe()).isEqualTo(EvalOutcome.Status.PASS);
        assertThat(engine.loads).hasSize(1);
        assertThat(engine.loads.getFirst())
                .extracting(PointSeries::labels)
                .containsExactly(
                        Labels.of("__name__", "my_metric", "env", "prod"),
                        Labels.of("__name__", "my_metric", "env", "test"));
        assertThat(engine.loads.getFirst().getFirst().timestamps()).containsExactly(0, 60_000);
    }

    @Test
    void valuesWithinOneInAMillionPassAndBeyondFail() {
        TableEngine close = new TableEngine()
                .answerInstant("sum by (env) (my_metric)", 60_000, vector(60_000, PROD, 5.000004, TEST, 20));
        assertThat(only(SUM_BY_ENV, close, RunnerOptions.INSTANT_ONLY).status()).isEqualTo(EvalOutcome.Status.PASS);
        TableEngine far = new TableEngine()
                .answerInstant("sum by (env) (my_metric)", 60_000, vector(60_000, PROD, 5.0001, TEST, 20));
        EvalOutcome o = only(SUM_BY_ENV, far, RunnerOptions.INSTANT_ONLY);
        assertThat(o.status()).isEqualTo(EvalOutcome.Status.FAIL);
        assertThat(o.describe())
                .startsWith("t.test:5: eval instant at 1m sum by (env) (my_metric)\n")
                .contains("expected 5 for {env=\"prod\"}, but got 5.0001")
                .contains("  expected:\n    {env=\"prod\"} [5]\n    {env=\"test\"} [20]")
                .contains("  got:\n    {env=\"prod\"} 5.0001\n    {env=\"test\"} 20");
    }

    @Test
    void missingAndUnexpectedSeriesAreNamed() {
        TableEngine missing =
                new TableEngine().answerInstant("sum by (env) (my_metric)", 60_000, vector(60_000, PROD, 5));
        assertThat(only(SUM_BY_ENV, missing, RunnerOptions.INSTANT_ONLY).detail())
                .startsWith("expected series {env=\"test\"} [20] not found");
        TableEngine extra = new TableEngine()
                .answerInstant(
                        "sum by (env) (my_metric)",
                        60_000,
                        vector(60_000, PROD, 5, TEST, 20, Labels.of("env", "dev"), 1));
        assertThat(only(SUM_BY_ENV, extra, RunnerOptions.INSTANT_ONLY).detail())
                .startsWith("unexpected series {env=\"dev\"} in result, it has value 1");
        TableEngine scalar = new TableEngine()
                .answerInstant("sum by (env) (my_metric)", 60_000, QueryOutcome.of(new QueryResult.Scalar(60_000, 25)));
        assertThat(only(SUM_BY_ENV, scalar, RunnerOptions.INSTANT_ONLY).detail())
                .startsWith("expected vector or matrix result, but got scalar 25");
    }

    @Test
    void orderedEvalsCheckPositions() {
        String script = """
                eval_ordered instant at 0 sort_desc(x)
                  x{env="test"} 20
                  x{env="prod"} 5
                """;
        Labels t = Labels.of("__name__", "x", "env", "test");
        Labels p = Labels.of("__name__", "x", "env", "prod");
        TableEngine right = new TableEngine()
                .answerInstant("sort_desc(x)", 0, vector(0, t, 20, p, 5))
                .answerRange("sort_desc(x)", -60_000, 60_000, 60_000, matrix());
        assertThat(only(script, right, RunnerOptions.PROMQLTEST).status()).isEqualTo(EvalOutcome.Status.PASS);
        TableEngine wrong = new TableEngine().answerInstant("sort_desc(x)", 0, vector(0, p, 5, t, 20));
        assertThat(only(script, wrong, RunnerOptions.INSTANT_ONLY).detail())
                .startsWith("expected series x{env=\"prod\"} at position 2, but it was at 1");
    }

    /** An engine answering {@code rate(x[1m])} from 0 to 2m by 1m with {@code result}. */
    private static TableEngine rateOverTwoMinutes(QueryOutcome result) {
        return new TableEngine().answerRange("rate(x[1m])", 0, 120_000, 60_000, result);
    }

    @Test
    void rangeEvalsCompareEveryPointOnTheGrid() {
        String script = """
                eval range from 0 to 2m step 1m rate(x[1m])
                  {a="1"} 1 _ 3
                  {a="2"} NaN 2 Inf
                """;
        Labels a1 = Labels.of("a", "1");
        Labels a2 = Labels.of("a", "2");
        long[] two = {0, 120_000};
        long[] three = {0, 60_000, 120_000};
        TableEngine good = rateOverTwoMinutes(
                matrix(series(a1, two, 1, 3), series(a2, three, Double.NaN, 2, Double.POSITIVE_INFINITY)));
        assertThat(only(script, good, RunnerOptions.PROMQLTEST).status()).isEqualTo(EvalOutcome.Status.PASS);
        TableEngine extraPoint = rateOverTwoMinutes(
                matrix(series(a1, three, 1, 2, 3), series(a2, three, Double.NaN, 2, Double.POSITIVE_INFINITY)));
        assertThat(only(script, extraPoint, RunnerOptions.PROMQLTEST).detail())
                .startsWith(
                        "expected 2 points for {a=\"1\"} [1 @0, 3 @120000], but got 3 points [1 @0, 2 @60000, 3 @120000]");
        TableEngine unsorted = rateOverTwoMinutes(matrix(series(a2, three, Double.NaN, 2, 1), series(a1, two, 1, 3)));
        assertThat(only(script, unsorted, RunnerOptions.PROMQLTEST).detail())
                .startsWith("matrix results should always be sorted by labels");
        TableEngine wrongValue = rateOverTwoMinutes(matrix(series(a1, two, 1, 3), series(a2, three, Double.NaN, 2, 1)));
        assertThat(only(script, wrongValue, RunnerOptions.PROMQLTEST).detail())
                .startsWith("expected +Inf at t=120000 for {a=\"2\"}, but got 1");
    }

    /**
     * An engine answering {@code SUM_BY_ENV} at 60s with prod 5 and test 20, and over 0..120s by
     * steps of 60s with {@code prod} and test's 2, 20, 20.
     */
    private static TableEngine sumByEnvAnswering(PointSeries prod) {
        return new TableEngine()
                .answerInstant("sum by (env) (my_metric)", 60_000, vector(60_000, PROD, 5, TEST, 20))
                .answerRange(
                        "sum by (env) (my_metric)",
                        0,
                        120_000,
                        60_000,
                        matrix(prod, series(TEST, new long[] {0, 60_000, 120_000}, 2, 20, 20)));
    }

    @Test
    void rangeModeRunsInstantEvalsAsThreeStepRangeQueries() {
        TableEngine engine = sumByEnvAnswering(series(PROD, new long[] {0, 60_000, 120_000}, 1, 5, 5));
        assertThat(only(SUM_BY_ENV, engine, RunnerOptions.PROMQLTEST).status()).isEqualTo(EvalOutcome.Status.PASS);
        assertThat(engine.queries)
                .containsExactly(
                        "instant sum by (env) (my_metric) @60000",
                        "range sum by (env) (my_metric) 0..120000 step 60000");

        TableEngine wrongInRange = sumByEnvAnswering(series(PROD, new long[] {0, 120_000}, 1, 5));
        EvalOutcome o = only(SUM_BY_ENV, wrongInRange, RunnerOptions.PROMQLTEST);
        assertThat(o.detail())
                .startsWith("in range mode (0..120000 step 1m, point at 60000): "
                        + "expected series {env=\"prod\"} [5] not found");
    }

    @Test
    void rangeModeIsSkippedWhereQueryContextMatters() {
        String script = """
                eval instant at 1m time() - step()
                  60
                """;
        TableEngine engine = new TableEngine()
                .answerInstant("time() - step()", 60_000, QueryOutcome.of(new QueryResult.Scalar(60_000, 60)));
        assertThat(only(script, engine, RunnerOptions.PROMQLTEST).status()).isEqualTo(EvalOutcome.Status.PASS);
        assertThat(engine.queries).hasSize(1);
    }

    @Test
    void failExpectations() {
        String legacy = """
                eval_fail instant at 0 count_values("a\\xc5z", version)
                  expected_fail_message invalid label name "a\\xc5z"
                """;
        TableEngine right = new TableEngine()
                .answerInstant(
                        "count_values(\"a\\xc5z\", version)",
                        0,
                        QueryOutcome.failure("invalid label name \"a\\xc5z\""));
        assertThat(only(legacy, right, RunnerOptions.PROMQLTEST).status()).isEqualTo(EvalOutcome.Status.PASS);
        TableEngine wrong = new TableEngine()
                .answerInstant("count_values(\"a\\xc5z\", version)", 0, QueryOutcome.failure("something else"));
        assertThat(only(legacy, wrong, RunnerOptions.PROMQLTEST).detail())
                .isEqualTo("expected error message \"invalid label name \"a\\xc5z\"\", but got: something else");
        TableEngine none = new TableEngine().answerInstant("count_values(\"a\\xc5z\", version)", 0, vector(0));
        assertThat(only(legacy, none, RunnerOptions.PROMQLTEST).detail())
                .startsWith("expected error evaluating query \"count_values(\"a\\xc5z\", version)\" but got none");

        String regex = """
                eval range from 0 to 1m step 1m ceil(x)
                  expect fail regex: same labelset|duplicate
                """;
        TableEngine matches = new TableEngine()
                .answerRange(
                        "ceil(x)",
                        0,
                        60_000,
                        60_000,
                        QueryOutcome.failure("vector cannot contain metrics with the same labelset"));
        assertThat(only(regex, matches, RunnerOptions.PROMQLTEST).status()).isEqualTo(EvalOutcome.Status.PASS);
        TableEngine unexpectedError =
                new TableEngine().answerInstant("sum by (env) (my_metric)", 60_000, QueryOutcome.failure("boom"));
        assertThat(only(SUM_BY_ENV, unexpectedError, RunnerOptions.PROMQLTEST).detail())
                .isEqualTo("error evaluating query \"sum by (env) (my_metric)\": boom");
    }

    @Test
    void annotationExpectations() {
        String script = """
                eval instant at 0 quantile(2, x)
                  expect warn msg: PromQL warning: quantile value should be between 0 and 1, got 2
                  expect no_info
                """;
        QueryOutcome warned = new QueryOutcome.Success(
                new QueryResult.Vector(0, List.of()),
                List.of("PromQL warning: quantile value should be between 0 and 1, got 2"),
                List.of());
        assertThat(only(
                                script,
                                new TableEngine()
                                        .answerInstant("quantile(2, x)", 0, warned)
                                        .answerRange("quantile(2, x)", -60_000, 60_000, 60_000, matrix()),
                                RunnerOptions.PROMQLTEST)
                        .status())
                .isEqualTo(EvalOutcome.Status.PASS);
        QueryOutcome silent = vector(0);
        assertThat(only(script, new TableEngine().answerInstant("quantile(2, x)", 0, silent), RunnerOptions.PROMQLTEST)
                        .detail())
                .startsWith("expected warn annotations but none were found");
        QueryOutcome twoWarnings = new QueryOutcome.Success(
                new QueryResult.Vector(0, List.of()),
                List.of("PromQL warning: quantile value should be between 0 and 1, got 2", "PromQL warning: other"),
                List.of());
        assertThat(only(
                                script,
                                new TableEngine().answerInstant("quantile(2, x)", 0, twoWarnings),
                                RunnerOptions.PROMQLTEST)
                        .detail())
                .startsWith("unexpected warn annotation \"PromQL warning: other\"");
        QueryOutcome withInfo = new QueryOutcome.Success(
                new QueryResult.Vector(0, List.of()),
                List.of("PromQL warning: quantile value should be between 0 and 1, got 2"),
                List.of("PromQL info: i"));
        assertThat(only(
                                script,
                                new TableEngine().answerInstant("quantile(2, x)", 0, withInfo),
                                RunnerOptions.PROMQLTEST)
                        .detail())
                .startsWith("unexpected info annotations");

        String legacyInfo = """
                eval_info instant at 0 rate(x[1m])
                """;
        assertThat(only(
                                legacyInfo,
                                new TableEngine().answerInstant("rate(x[1m])", 0, vector(0)),
                                RunnerOptions.INSTANT_ONLY)
                        .detail())
                .startsWith("expected info annotations but got none");
        String plain = """
                eval instant at 0 rate(x[1m])
                """;
        QueryOutcome annotated = new QueryOutcome.Success(
                new QueryResult.Vector(0, List.of()), List.of("PromQL warning: w"), List.of("PromQL info: i"));
        assertThat(only(plain, new TableEngine().answerInstant("rate(x[1m])", 0, annotated), RunnerOptions.INSTANT_ONLY)
                        .status())
                .as("a plain eval ignores annotations")
                .isEqualTo(EvalOutcome.Status.PASS);
    }

    @Test
    void nativeHistogramEvalsAreSkippedWithAReason() {
        String script = """
                load 5m
                  floats 1 2
                  hist {{schema:0 sum:1 count:1}}x3

                eval instant at 5m floats
                  floats 2

                eval instant at 5m rate(hist[5m])

                eval instant at 5m floats
                  floats {{schema:0 sum:1 count:1}}

                clear
                load 5m
                  hist 1

                eval instant at 0 hist
                  hist 1
                """;
        TableEngine engine = new TableEngine()
                .answerInstant("floats", 300_000, vector(300_000, Labels.of("__name__", "floats"), 2))
                .answerInstant("hist", 0, vector(0, Labels.of("__name__", "hist"), 1));
        ScriptReport report =
                new ConformanceRunner(engine, RunnerOptions.INSTANT_ONLY, TestScript.parse("h.test", script)).runAll();
        assertThat(report.outcomes())
                .extracting(EvalOutcome::status)
                .containsExactly(
                        EvalOutcome.Status.PASS,
                        EvalOutcome.Status.SKIPPED,
                        EvalOutcome.Status.SKIPPED,
                        EvalOutcome.Status.PASS);
        assertThat(report.outcomes().get(1).detail())
                .startsWith(
                        "native histograms: the selector hist reads hist{}, which has histogram points; the expected result depends on data we do not load");
        assertThat(report.outcomes().get(2).detail()).isEqualTo("native histogram in the expected result (line 11)");
        assertThat(engine.loads).hasSize(2);
        assertThat(engine.loads.getFirst())
                .extracting(s -> s.labels().metricName())
                .containsExactly("floats");
        assertThat(engine.loads.get(1)).extracting(s -> s.labels().metricName()).containsExactly("hist");
        assertThat(report.summary()).isEqualTo("h.test: 4 evals, 2 passed, 0 failed, 2 skipped");
    }

    @Test
    void loadsAccumulateUntilClearAndMergeRepeatedSeries() {
        String script = """
                load 1m
                  a 1 2

                load 30s
                  a _ 9 5 7
                  b 3

                eval instant at 0 a
                  a 1

                clear

                eval instant at 0 a
                """;
        TableEngine engine = new TableEngine()
                .answerInstant("a", 0, vector(0, Labels.of("__name__", "a"), 1))
                .answerInstant("a", 0, vector(0, Labels.of("__name__", "a"), 1));
        ScriptReport report =
                new ConformanceRunner(engine, RunnerOptions.INSTANT_ONLY, TestScript.parse("m.test", script)).runAll();
        assertThat(engine.loads).hasSize(2);
        PointSeries a = engine.loads.getFirst().getFirst();
        assertThat(a.timestamps()).containsExactly(0, 30_000, 60_000, 90_000);
        assertThat(a.values()).containsExactly(1, 9, 5, 7);
        assertThat(engine.loads.get(1)).isEmpty();
        assertThat(report.outcomes().get(1).detail()).startsWith("unexpected series a{} in result");
    }

    @Test
    void engineExceptionsFailTheEvalOnly() {
        String script = """
                eval instant at 0 up

                eval instant at 0 down
                """;
        TableEngine engine = new TableEngine().answerInstant("down", 0, vector(0));
        ScriptReport report =
                new ConformanceRunner(engine, RunnerOptions.INSTANT_ONLY, TestScript.parse("e.test", script)).runAll();
        assertThat(report.outcomes())
                .extracting(EvalOutcome::status)
                .containsExactly(EvalOutcome.Status.FAIL, EvalOutcome.Status.PASS);
        assertThat(report.outcomes().getFirst().detail())
                .startsWith(
                        "the engine threw java.lang.IllegalStateException: no answer in the table for instant up @0");
    }
}
