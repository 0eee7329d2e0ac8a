package io.tessera.ingest.text;

import static io.tessera.ingest.Batches.assertSameContent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tessera.core.Labels;
import io.tessera.ingest.IngestOptions;
import io.tessera.ingest.PayloadTooLargeException;
import io.tessera.ingest.TextFormatException;
import io.tessera.ingest.WriteBatch;
import io.tessera.ingest.remote.RemoteWriteDecoder;
import io.tessera.ingest.remote.RemoteWriteEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TextExpositionParserTest {

    private static final long NOW = 1_700_000_000_000L;

    private final TextExpositionParser parser = new TextExpositionParser();

    private WriteBatch parse(String text) {
        return parser.parse(text, NOW);
    }

    @Test
    void parsesATypicalExposition() {
        WriteBatch batch = parse("""
                # HELP http_requests_total The total number of HTTP requests.
                # TYPE http_requests_total counter
                http_requests_total{method="post",code="200"} 1027 1395066363000
                http_requests_total{method="post",code="400"}    3 1395066363000

                # A plain comment.
                # TYPE latency_seconds histogram
                latency_seconds_bucket{le="0.05"} 24054
                latency_seconds_bucket{le="+Inf"} 144320
                latency_seconds_sum 53423
                latency_seconds_count 144320
                # TYPE rpc_duration_seconds summary
                rpc_duration_seconds{quantile="0.99"} 76656
                rpc_duration_seconds_sum 1.7560473e+07
                metric_without_timestamp_and_labels 12.47
                """);

        assertThat(batch.seriesCount()).isEqualTo(9);
        assertThat(batch.sampleCount()).isEqualTo(9);
        assertThat(batch.skipped().metadata()).isEqualTo(3);
        assertThat(batch.labels(0))
                .isEqualTo(Labels.of("__name__", "http_requests_total", "method", "post", "code", "200"));
        assertThat(batch.timestamp(0)).isEqualTo(1395066363000L);
        assertThat(batch.value(1)).isEqualTo(3);
        assertThat(batch.labels(3)).isEqualTo(Labels.of("__name__", "latency_seconds_bucket", "le", "+Inf"));
        assertThat(batch.timestamp(3)).isEqualTo(NOW);
        assertThat(batch.labels(6)).isEqualTo(Labels.of("__name__", "rpc_duration_seconds", "quantile", "0.99"));
        assertThat(batch.value(7)).isEqualTo(1.7560473e+07);
        assertThat(batch.labels(8)).isEqualTo(Labels.of("__name__", "metric_without_timestamp_and_labels"));
        assertThat(batch.value(8)).isEqualTo(12.47);
        for (int s = 0; s < batch.seriesCount(); s++) {
            assertThat(batch.sampleEnd(s) - batch.sampleStart(s)).isEqualTo(1);
        }
    }

    @Test
    void unescapesLabelValues() {
        WriteBatch batch = parse("""
                msdos_file_access_time_seconds{path="C:\\\\DIR\\\\FILE.TXT",error="Cannot find file:\\n\\"FILE.TXT\\""} 1.458255915e9
                """);

        assertThat(batch.labels(0).get("path")).isEqualTo("C:\\DIR\\FILE.TXT");
        assertThat(batch.labels(0).get("error")).isEqualTo("Cannot find file:\n\"FILE.TXT\"");
    }

    @Test
    void acceptsTheSpecialValuesAndOtherFloatForms() {
        WriteBatch batch = parse("""
                a NaN
                a +Inf
                a -Inf
                a Inf
                a nan
                a -0
                a 1e3
                a .5
                a -1.5E-3
                a 7.
                a 123456789012345678901234567890
                """);

        assertThat(batch.value(0)).isNaN();
        assertThat(batch.value(1)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(batch.value(2)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(batch.value(3)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(batch.value(4)).isNaN();
        assertThat(Double.doubleToRawLongBits(batch.value(5))).isEqualTo(Double.doubleToRawLongBits(-0.0));
        assertThat(batch.value(6)).isEqualTo(1000);
        assertThat(batch.value(7)).isEqualTo(0.5);
        assertThat(batch.value(8)).isEqualTo(-0.0015);
        assertThat(batch.value(9)).isEqualTo(7);
        assertThat(batch.value(10)).isEqualTo(1.2345678901234568e29);
    }

    @Test
    void timestampsAreOptionalIntegersInMilliseconds() {
        WriteBatch batch = parse("a 1 -5\nb 2 +7\nc 3\nd 4 9223372036854775807\n");

        assertThat(batch.timestamp(0)).isEqualTo(-5);
        assertThat(batch.timestamp(1)).isEqualTo(7);
        assertThat(batch.timestamp(2)).isEqualTo(NOW);
        assertThat(batch.timestamp(3)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void toleratesBlanksTrailingCommasCrLfAndAMissingFinalNewline() {
        WriteBatch batch = parse("  a { x = \"1\" , y=\"2\", }\t5\t \r\nb{} 6\n\n\t\nc{z=\"\"} 7");

        assertThat(batch.seriesCount()).isEqualTo(3);
        assertThat(batch.labels(0)).isEqualTo(Labels.of("__name__", "a", "x", "1", "y", "2"));
        assertThat(batch.value(0)).isEqualTo(5);
        assertThat(batch.labels(1)).isEqualTo(Labels.of("__name__", "b"));
        assertThat(batch.labels(2)).isEqualTo(Labels.of("__name__", "c"));
    }

    @Test
    void emptyInputIsAnEmptyBatch() {
        assertThat(parse("").seriesCount()).isZero();
        assertThat(parse("# just a comment\n\n").seriesCount()).isZero();
    }

    @Test
    void nonAsciiLabelValuesAndColumnsCountCharacters() {
        WriteBatch batch = parse("a{city=\"Zürich 日本 😀\"} 1\n");
        assertThat(batch.labels(0).get("city")).isEqualTo("Zürich 日本 😀");

        assertThat(error("a{city=\"😀\"} x\n").detail().column()).isEqualTo(13);
    }

    @Test
    void producesWhatTheRemoteWriteDecoderProducesForTheSameSamples() {
        WriteBatch text = parse("""
                # TYPE up gauge
                up{job="api",instance="a:9090"} 1 1000
                up{job="api",instance="b:9090"} 0 1000
                """);

        WriteBatch remote = new RemoteWriteDecoder().decode(RemoteWriteEncoder.encode(text));

        assertThat(remote.seriesCount()).isEqualTo(2);
        for (int s = 0; s < 2; s++) {
            assertThat(remote.labels(s)).isEqualTo(text.labels(s));
            assertThat(remote.timestamp(s)).isEqualTo(text.timestamp(s));
            assertThat(remote.value(s)).isEqualTo(text.value(s));
        }
        WriteBatch again =
                parse("up{job=\"api\",instance=\"a:9090\"} 1 1000\nup{job=\"api\",instance=\"b:9090\"} 0 1000\n");
        assertSameContent(again, remote);
    }

    @Test
    void theBodySizeIsLimited() {
        TextExpositionParser small = new TextExpositionParser(IngestOptions.DEFAULTS.withMaxUncompressedBytes(4), null);
        PayloadTooLargeException e =
                catchThrowableOfType(PayloadTooLargeException.class, () -> small.parse("up 1\n", NOW));

        assertThat(e.httpStatus()).isEqualTo(413);
        assertThat(e.getMessage()).isEqualTo("text exposition is too large: 5 bytes exceeds the limit of 4 bytes");
    }

    private TextFormatException error(String text) {
        TextFormatException e = catchThrowableOfType(TextFormatException.class, () -> parse(text));
        assertThat(e).as("no error for %s", text).isNotNull();
        assertThat(e.httpStatus()).isEqualTo(400);
        return e;
    }

    /** Malformed input: the exception's line, column and reason, and its message built from them. */
    static Stream<Arguments> errors() {
        return Stream.of(
                // sample lines
                Arguments.of("ok 1\nok 2\nfoo abc\n", 3, 5, "invalid value \"abc\""),
                Arguments.of("foo 1 1.5\n", 1, 7, "invalid timestamp \"1.5\""),
                Arguments.of("foo 1 99999999999999999999\n", 1, 7, "invalid timestamp \"99999999999999999999\""),
                Arguments.of("foo 1 2 3\n", 1, 9, "unexpected text after timestamp"),
                Arguments.of("foo\n", 1, 4, "missing value"),
                Arguments.of("foo{a=\"b\"}\n", 1, 11, "missing value"),
                Arguments.of("{a=\"b\"} 1\n", 1, 1, "invalid metric name"),
                Arguments.of("1foo 1\n", 1, 1, "invalid metric name"),
                Arguments.of("foo-bar 1\n", 1, 4, "unexpected character '-' after metric name"),
                Arguments.of("foo 0x1p3\n", 1, 5, "invalid value \"0x1p3\""),
                Arguments.of("foo 1d\n", 1, 5, "invalid value \"1d\""),
                // label sets
                Arguments.of("foo{a=\"b} 1\n", 1, 7, "unterminated value of label \"a\""),
                Arguments.of("foo{a=b} 1\n", 1, 7, "expected '\"' to start the value of label \"a\""),
                Arguments.of("foo{a \"b\"} 1\n", 1, 7, "expected '=' after label name \"a\""),
                Arguments.of("foo{a=\"b\" c=\"d\"} 1\n", 1, 11, "expected ',' or '}' after the value of label \"a\""),
                Arguments.of(
                        "foo{a=\"x\\ty\"} 1\n", 1, 9, "invalid escape sequence \"\\t\" in the value of label \"a\""),
                Arguments.of("foo{1a=\"b\"} 1\n", 1, 5, "invalid label name"),
                Arguments.of("foo{a-b=\"c\"} 1\n", 1, 6, "expected '=' after label name \"a\""),
                Arguments.of("foo{a=\"b\",\n", 1, 11, "unexpected end of line in label set"),
                // duplicate labels, rejected at the second occurrence
                Arguments.of(
                        "x 1\nfoo{a=\"1\",b=\"2\",a=\"3\"} 1\n",
                        2,
                        17,
                        "invalid labels for series, labels {__name__=\"foo\", a=\"1\", a=\"3\", b=\"2\"}, duplicated label a"),
                Arguments.of(
                        "foo{__name__=\"bar\"} 1\n",
                        1,
                        5,
                        "invalid labels for series, labels {__name__=\"foo\", __name__=\"bar\"}, duplicated label __name__"),
                // comments
                Arguments.of("# TYPE foo blah\n", 1, 12, "unknown metric type \"blah\""),
                Arguments.of("# TYPE foo\n", 1, 11, "missing metric type for \"foo\""),
                Arguments.of("# TYPE foo counter extra\n", 1, 20, "unexpected text after metric type"),
                Arguments.of(
                        "# TYPE foo counter\n# TYPE foo gauge\n",
                        2,
                        3,
                        "second TYPE line for metric name \"foo\", or TYPE reported after samples"),
                Arguments.of(
                        "foo_bucket{le=\"1\"} 1\n# TYPE foo histogram\n",
                        2,
                        3,
                        "second TYPE line for metric name \"foo\", or TYPE reported after samples"),
                Arguments.of("# HELP foo one\n# HELP foo two\n", 2, 3, "second HELP line for metric name \"foo\""),
                Arguments.of("# HELP foo bad \\t escape\n", 1, 16, "invalid escape sequence in HELP text"),
                Arguments.of("# HELP\n", 1, 7, "invalid metric name in comment"),
                Arguments.of("# TYPE foo{ counter\n", 1, 11, "invalid metric name in comment"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("errors")
    void errorsCarryLineAndColumn(String text, int line, int column, String reason) {
        assertError(text, line, column, reason);
    }

    private void assertError(String text, int line, int column, String reason) {
        TextFormatException e = error(text);
        assertThat(e.detail()).isEqualTo(new TextFormatException.Detail(line, column, reason));
        assertThat(e.getMessage())
                .isEqualTo("text format parsing error in line " + line + ", column " + column + ": " + reason);
    }

    @Test
    void helpTextMayUseItsEscapesAndOtherCommentsAreFree() {
        WriteBatch batch = parse("# HELP foo Line one\\nback\\\\slash\n# anything { goes \\q here\n#HELPLESS\nfoo 1\n");

        assertThat(batch.skipped().metadata()).isEqualTo(1);
        assertThat(batch.seriesCount()).isEqualTo(1);
    }

    @Test
    void quotedUtf8NamesAreAcceptedInsideTheBracesAndInComments() {
        WriteBatch batch = parse("""
                # HELP "my.metric" A metric whose name has a dot.
                # TYPE "my.metric" gauge
                {"my.metric", "label.name"="x", "höhe"="12"} 7 1395066363000
                {"my.metric"} 8
                plain{"quoted label"="a\\"b", job="j"} 9
                """);

        assertThat(batch.seriesCount()).isEqualTo(3);
        assertThat(batch.skipped().metadata()).isEqualTo(1);
        assertThat(batch.labels(0)).isEqualTo(Labels.of("__name__", "my.metric", "label.name", "x", "höhe", "12"));
        assertThat(batch.value(0)).isEqualTo(7);
        assertThat(batch.timestamp(0)).isEqualTo(1395066363000L);
        assertThat(batch.labels(1)).isEqualTo(Labels.of("__name__", "my.metric"));
        assertThat(batch.labels(2)).isEqualTo(Labels.of("__name__", "plain", "quoted label", "a\"b", "job", "j"));
    }

    @Test
    void quotedNameErrorsCarryLineAndColumn() {
        assertError("{\"my.metric\" 1\n", 1, 14, "expected ',' or '}' after the metric name");
        assertError(
                "{\"\"} 1\n",
                1,
                1,
                "invalid metric name or labels, got {__name__=\"\"}: missing metric name (__name__)");
        assertError(
                "foo{\"\"=\"x\"} 1\n",
                1,
                5,
                "invalid metric name or labels, got {=\"x\", __name__=\"foo\"}: invalid label name \"\"");
        assertError("foo{\"a.b\"} 1\n", 1, 10, "expected '=' after label name \"a.b\"");
        assertError("{\"unterminated} 1\n", 1, 2, "unterminated quoted name");
        assertError("{\"m\", \"m2\"} 1\n", 1, 11, "expected '=' after label name \"m2\"");
    }

    @Test
    void invalidUtf8IsRejectedWithItsPosition() {
        byte[] body = "ok 1\nfoo{a=\"\u00e9".getBytes(StandardCharsets.UTF_8);
        byte[] bad = Arrays.copyOf(body, body.length + 4);
        bad[body.length] = (byte) 0xff;
        bad[body.length + 1] = '"';
        bad[body.length + 2] = '}';
        bad[body.length + 3] = '\n';

        TextFormatException e = catchThrowableOfType(TextFormatException.class, () -> parser.parse(bad, NOW));

        assertThat(e.getMessage()).isEqualTo("text format parsing error in line 2, column 9: invalid UTF-8");
    }
}
