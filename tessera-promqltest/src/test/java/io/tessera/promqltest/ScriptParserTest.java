package io.tessera.promqltest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScriptParserTest {

    private static TestScript parse(String text) {
        return TestScript.parse("t.test", text);
    }

    @Test
    void loadSamplesFromTimeZeroEveryInterval() {
        TestScript script = parse("""
                # a comment
                load 1m
                    my_metric{env="prod"} 5 2+3x2 _ stale
                    other 1
                """);
        LoadCommand load = script.loads().getFirst();
        assertThat(load.line()).isEqualTo(2);
        assertThat(load.intervalMillis()).isEqualTo(60_000);
        PointSeries s = load.series().getFirst();
        assertThat(s.labels()).isEqualTo(Labels.of("__name__", "my_metric", "env", "prod"));
        assertThat(s.timestamps()).containsExactly(0, 60_000, 120_000, 180_000, 300_000);
        assertThat(s.values()).startsWith(5, 2, 5, 8);
        assertThat(Double.doubleToRawLongBits(s.values()[4])).isEqualTo(StaleMarker.BITS);
        assertThat(load.series()).hasSize(2);
    }

    @Test
    void loadIntervalsAndTimesUseDurations() {
        TestScript script = parse("""
                load 10s53ms
                  m 1 2

                eval instant at 0 m
                  m 1

                eval range from 0m to 1h30m step 90s m
                """);
        assertThat(script.loads().getFirst().series().getFirst().timestamps()).containsExactly(0, 10_053);
        assertThat(script.evals().get(0).time()).isEqualTo(new QueryTime.Instant(0));
        assertThat(script.evals().get(1).time()).isEqualTo(new QueryTime.Range(0, 5_400_000, 90_000));
    }

    @Test
    void histogramSeriesAreLeftOutAndNamed() {
        TestScript script = parse("""
                load 5m
                  floats 1 2
                  hist {{schema:0 sum:1 count:1}}x3
                  {job="x"} 1 {{sum:1 count:1}}

                load_with_nhcb 5m
                  req_bucket{le="1"} 1
                  req_count 1
                """);
        LoadCommand load = script.loads().getFirst();
        assertThat(load.series()).extracting(s -> s.labels().metricName()).containsExactly("floats");
        assertThat(load.histogramMetrics()).containsExactlyInAnyOrder("hist", "");
        LoadCommand nhcb = script.loads().get(1);
        assertThat(nhcb.withNhcb()).isTrue();
        assertThat(nhcb.series()).hasSize(2);
        assertThat(nhcb.histogramMetrics()).isEqualTo(Set.of("req"));
    }

    @Test
    void evalVariantsAndExpectLines() {
        TestScript script = parse("""
                eval_fail instant at 1m foo(
                  expected_fail_message unexpected end of input

                eval_ordered instant at 50m sort(x)
                  x{a="1"} 1
                  x{a="2"} 2

                eval_warn range from 0 to 10m step 5m rate(x[5m])
                  {a="1"} 1 2 3

                eval instant at 1m sum by (env) (my_metric)
                    expect warn
                    expect no_info
                    expect warn msg: PromQL warning: this
                    {env="prod"} 5

                eval instant at 1m y
                  expect info regex: something went (wrong|boom)

                eval instant at 1m ceil(x)
                  expect fail regex: vector cannot contain metrics .*

                eval instant at 1m 1 + 2
                  3
                """);
        assertThat(script.commands()).hasSize(7);
        EvalCommand fail = script.evals().get(0);
        assertThat(fail.expect().isFail()).isTrue();
        assertThat(fail.expect().legacyFailMatch()).contains(MessageMatch.exact("unexpected end of input"));
        EvalCommand ordered = script.evals().get(1);
        assertThat(ordered.expect().isOrdered()).isTrue();
        assertThat(((ExpectedResult.SeriesSet) ordered.expected()).series())
                .extracting(ExpectedSeries::position)
                .containsExactly(1, 2);
        EvalCommand warn = script.evals().get(2);
        assertThat(warn.expect().legacy()).containsExactly(ExpectKind.WARN);
        assertThat(warn.time()).isEqualTo(new QueryTime.Range(0, 600_000, 300_000));
        EvalCommand lines = script.evals().get(3);
        assertThat(lines.expect().lines(ExpectKind.WARN)).hasSize(2);
        assertThat(lines.expect().has(ExpectKind.NO_INFO)).isTrue();
        assertThat(lines.expect().lines(ExpectKind.WARN).get(1).matches("PromQL warning: this"))
                .isTrue();
        assertThat(lines.expect().lines(ExpectKind.WARN).get(1).matches("PromQL warning: this too"))
                .isFalse();
        assertThat(lines.expr()).isEqualTo("sum by (env) (my_metric)");
        assertThat(lines.line()).isEqualTo(11);
        assertThat(script.evals()
                        .get(4)
                        .expect()
                        .lines(ExpectKind.INFO)
                        .getFirst()
                        .matches("oh, something went boom!"))
                .isTrue();
        assertThat(script.evals()
                        .get(5)
                        .expect()
                        .lines(ExpectKind.FAIL)
                        .getFirst()
                        .matches("vector cannot contain metrics with the same labelset"))
                .isTrue();
        assertThat(script.evals().get(6).expected()).isEqualTo(new ExpectedResult.Scalar(3));
    }

    @Test
    void emptyResultsScalarsStringsAndRangeVectors() {
        TestScript script = parse("""
                eval instant at 20s metric

                eval instant at 1m {}
                  {} 1000

                eval instant at 1m "hello"
                  expect string "hello"

                eval instant at 1m metric[1m]
                  expect range vector from 10s to 1m step 10s
                  metric 1 2 _ 4 5 6
                """);
        assertThat(script.evals().get(0).expected()).isEqualTo(new ExpectedResult.SeriesSet(List.of()));
        assertThat(((ExpectedResult.SeriesSet) script.evals().get(1).expected())
                        .series()
                        .getFirst()
                        .labels())
                .isEqualTo(Labels.EMPTY);
        EvalCommand text = script.evals().get(2);
        assertThat(text.expected()).isEqualTo(new ExpectedResult.Text("hello"));
        assertThat(text.excludedFromRangeMode()).isTrue();
        EvalCommand rv = script.evals().get(3);
        assertThat(rv.time()).as("runs at the grid's end").isEqualTo(new QueryTime.Instant(60_000));
        assertThat(rv.rangeVector()).contains(new QueryTime.Range(10_000, 60_000, 10_000));
        assertThat(rv.excludedFromRangeMode()).isTrue();
    }

    @Test
    void expectedNativeHistogramsMakeTheEvalUnsupported() {
        TestScript script = parse("""
                eval instant at 1m h
                  h {{schema:0 sum:1 count:1}}
                """);
        assertThat(script.evals().getFirst().unsupported())
                .hasValueSatisfying(r -> assertThat(r).contains("line 2"));
    }

    @Test
    void errorsNameTheFileAndLine() {
        assertThatThrownBy(() -> parse("load 1m\n  m 1\n\nbogus\n"))
                .isInstanceOf(ScriptSyntaxException.class)
                .hasMessage("t.test:4: invalid command \"bogus\"");
        assertThatThrownBy(() -> parse("\n\neval instant at 1m x\n  x 1 2\n"))
                .hasMessageStartingWith("t.test:4: expecting multiple values in instant evaluation not allowed");
        assertThatThrownBy(() -> parse("eval range from 5m to 1m step 1m x\n"))
                .hasMessageContaining(
                        "t.test:1: invalid test definition, end timestamp (1m) is before start timestamp (5m)");
        assertThatThrownBy(() -> parse("eval instant at 1m x\n  expect warn\n  expect no_warn\n"))
                .hasMessageContaining("t.test:3: invalid expect lines, warn and no_warn cannot be used together");
        assertThatThrownBy(() -> parse("eval instant at 1m x\n  expect sometimes\n"))
                .hasMessageContaining("t.test:2: invalid expect statement");
        assertThatThrownBy(() -> parse("load 1x\n  m 1\n")).hasMessageContaining("t.test:1: invalid step definition");
        assertThatThrownBy(() -> parse("eval instant at 1m x\n  x{a=\"b} 1\n"))
                .hasMessageContaining("t.test:2: unterminated");
    }

    @Test
    void aCommentEndsABlockAsInPromqltest() {
        assertThatThrownBy(() -> parse("load 1m\n  a 1\n  # note\n  b 1\n"))
                .hasMessageContaining("t.test:4: invalid command \"b 1\"");
    }
}
