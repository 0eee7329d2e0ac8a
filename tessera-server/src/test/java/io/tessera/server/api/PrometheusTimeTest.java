package io.tessera.server.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PrometheusTimeTest {

    @ParameterizedTest
    @CsvSource({
        "1435781451.781, 1435781451781",
        "1435781451, 1435781451000",
        "-1.5, -1500",
        "-0.0005, -1",
        "1e3, 1000000",
        "2015-07-01T20:10:51.781Z, 1435781451781",
        "2015-07-01T20:10:51Z, 1435781451000",
        "2015-07-01T22:10:51.781+02:00, 1435781451781",
        "2015-07-01T20:10:51.7819999999Z, 1435781451781",
        "'2015-07-01T20:10:51,5Z', 1435781451500",
        "1969-12-31T23:59:59.999Z, -1",
    })
    void readsUnixSecondsAndRfc3339(String input, long expectedMillis) {
        assertThat(PrometheusTime.parseTime(input)).isEqualTo(expectedMillis);
    }

    @Test
    void readsTheBoundaryTimesGoClientsSend() {
        assertThat(PrometheusTime.parseTime("-292273086-05-16T16:47:06Z")).isEqualTo(PrometheusTime.MIN_TIME);
        assertThat(PrometheusTime.parseTime("292277026596-12-04T15:30:07.999999999Z"))
                .isEqualTo(PrometheusTime.MAX_TIME);
        assertThat(PrometheusTime.MIN_TIME).isEqualTo(-9_223_309_901_257_974_000L);
        assertThat(PrometheusTime.MAX_TIME).isEqualTo(9_223_309_901_257_974_999L);
    }

    @Test
    void refusesOtherTimesWithPrometheusMessage() {
        for (String bad :
                new String[] {"", "abc", "2015-07-01", "2015-07-01 20:10:51Z", "2015-02-30T00:00:00Z", "NaN", "1e400"
                }) {
            assertThatThrownBy(() -> PrometheusTime.parseTime(bad))
                    .isInstanceOf(InvalidInputException.class)
                    .hasMessage("cannot parse " + GoQuote.quote(bad) + " to a valid timestamp");
        }
    }

    @ParameterizedTest
    @CsvSource({
        "15s, 15000000000",
        "1.5, 1500000000",
        "0, 0",
        "1h30m, 5400000000000",
        "5m, 300000000000",
        "100ms, 100000000",
        "1e-3, 1000000",
        "-1, -1000000000",
    })
    void readsFloatSecondsAndPrometheusDurations(String input, long expectedNanos) {
        assertThat(PrometheusTime.parseDurationNanos(input)).isEqualTo(expectedNanos);
    }

    @Test
    void refusesOtherDurationsWithPrometheusMessages() {
        assertThatThrownBy(() -> PrometheusTime.parseDurationNanos("abc"))
                .hasMessage("cannot parse \"abc\" to a valid duration");
        assertThatThrownBy(() -> PrometheusTime.parseDurationNanos(""))
                .hasMessage("cannot parse \"\" to a valid duration");
        assertThatThrownBy(() -> PrometheusTime.parseDurationNanos("1m1h"))
                .hasMessage("cannot parse \"1m1h\" to a valid duration");
        assertThatThrownBy(() -> PrometheusTime.parseDurationNanos("1e10"))
                .hasMessage("cannot parse \"1e10\" to a valid duration. It overflows int64");
    }

    @Test
    void unescapesGrafanasLabelNames() {
        assertThat(LabelNameEscaping.unescape("job")).isEqualTo("job");
        assertThat(LabelNameEscaping.unescape("U__my_2e_label")).isEqualTo("my.label");
        assertThat(LabelNameEscaping.unescape("U__a__b")).isEqualTo("a_b");
        assertThat(LabelNameEscaping.unescape("U__bad_zz_")).isEqualTo("U__bad_zz_");
        assertThat(LabelNameEscaping.unescape("U__open_2e")).isEqualTo("U__open_2e");
    }
}
