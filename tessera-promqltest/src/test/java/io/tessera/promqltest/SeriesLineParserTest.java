package io.tessera.promqltest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeriesLineParserTest {

    private static List<String> points(String line) {
        return SeriesLineParser.parse(line).values().stream()
                .map(SequenceValue::toString)
                .toList();
    }

    @Test
    void stepsExpandToCountPlusOneValues() {
        assertThat(points("m 1+2x3")).containsExactly("1", "3", "5", "7");
        assertThat(points("m 10-3x2")).containsExactly("10", "7", "4");
        assertThat(points("m -1-1x2")).containsExactly("-1", "-2", "-3");
        assertThat(points("m 5x2")).containsExactly("5", "5", "5");
        assertThat(points("m 0.5+0.25x2")).containsExactly("0.5", "0.75", "1");
        assertThat(points("m 1+0x0")).containsExactly("1");
    }

    @Test
    void blanksExpandToCountOmittedPoints() {
        assertThat(points("m _x3")).containsExactly("_", "_", "_");
        assertThat(points("m 1 _ 2 _x2 3")).containsExactly("1", "_", "2", "_", "_", "3");
    }

    @Test
    void staleIsTheStaleMarkerBitPattern() {
        SeriesLine s = SeriesLineParser.parse("m 1 stale 2");
        assertThat(Double.doubleToRawLongBits(s.values().get(1).value())).isEqualTo(StaleMarker.BITS);
        assertThatThrownBy(() -> SeriesLineParser.parse("m stale+1x2")).hasMessageContaining("stale");
    }

    @Test
    void specialNumbersAndGoIntegerRules() {
        assertThat(SeriesLineParser.parse("m Inf -Inf +inf NaN nan 1e3 .5 -2.5e-1")
                        .values())
                .extracting(SequenceValue::value)
                .containsExactly(
                        Double.POSITIVE_INFINITY,
                        Double.NEGATIVE_INFINITY,
                        Double.POSITIVE_INFINITY,
                        Double.NaN,
                        Double.NaN,
                        1000.0,
                        0.5,
                        -0.25);
        assertThat(points("m 010")).as("Go reads a leading zero as octal").containsExactly("8");
        assertThat(points("m 0x10"))
                .as("no hexadecimal in points: 0 repeated")
                .hasSize(11)
                .containsOnly("0");
        assertThatThrownBy(() -> SeriesLineParser.parse("m 1+2")).hasMessageContaining("x<count>");
        assertThatThrownBy(() -> SeriesLineParser.parse("m 1x")).hasMessageContaining("repetition");
        assertThatThrownBy(() -> SeriesLineParser.parse("m abc")).hasMessageContaining("number");
    }

    @Test
    void labelsWithMetricNameEscapesAndQuotedNames() {
        assertThat(SeriesLineParser.parse("http_requests{job=\"api\", instance='0',} 1")
                        .labels())
                .isEqualTo(Labels.of("__name__", "http_requests", "job", "api", "instance", "0"));
        assertThat(SeriesLineParser.parse("{\"my.metric\", \"a.b\"=\"x\"} 1").labels())
                .isEqualTo(Labels.of("__name__", "my.metric", "a.b", "x"));
        assertThat(SeriesLineParser.parse("{__name__=\"m\", a=\"q\\\"\\n\\\\\\u00e9\\x41\"} 1")
                        .labels())
                .isEqualTo(Labels.of("__name__", "m", "a", "q\"\n\\éA"));
        assertThat(SeriesLineParser.parse("{a=`raw\\n`} 1").labels()).isEqualTo(Labels.of("a", "raw\\n"));
        assertThat(SeriesLineParser.parse("{} 3").labels()).isEqualTo(Labels.EMPTY);
        assertThat(SeriesLineParser.parse("ns:metric:rate5m\t7").labels())
                .isEqualTo(Labels.of("__name__", "ns:metric:rate5m"));
        assertThat(SeriesLineParser.parse("sum{by=\"x\"} 7").labels())
                .isEqualTo(Labels.of("__name__", "sum", "by", "x"));
    }

    @Test
    void malformedLabelsAreRejected() {
        assertThatThrownBy(() -> SeriesLineParser.parse("m{a=\"b\" 1")).hasMessageContaining("\",\" or \"}\"");
        assertThatThrownBy(() -> SeriesLineParser.parse("m{a=b} 1")).hasMessageContaining("quoted label value");
        assertThatThrownBy(() -> SeriesLineParser.parse("m{\"x\"} 1")).hasMessageContaining("twice");
        assertThatThrownBy(() -> SeriesLineParser.parse("m{a=\"1\", a=\"2\"} 1"))
                .hasMessageContaining("duplicate");
        assertThatThrownBy(() -> SeriesLineParser.parse("m{a=\"1}")).hasMessageContaining("unterminated");
        assertThatThrownBy(() -> SeriesLineParser.parse("m{a=\"1\"}")).hasMessageContaining("points");
    }

    @Test
    void nativeHistogramPointsAreFlaggedAndKeepTheirPositions() {
        SeriesLine s = SeriesLineParser.parse("h 1 {{schema:1 sum:3 count:22 buckets:[5 10 7]}} 2");
        assertThat(s.hasHistogram()).isTrue();
        assertThat(s.values()).extracting(SequenceValue::toString).containsExactly("1", "_", "2");
        assertThat(SeriesLineParser.parse("h {{schema:0 sum:1 count:1}}x9").values())
                .hasSize(10);
        assertThat(SeriesLineParser.parse("h {{sum:1 count:1}}+{{sum:2 count:2}}x2 5")
                        .values())
                .hasSize(4);
        assertThat(SeriesLineParser.parse("m 1 2").hasHistogram()).isFalse();
    }
}
