package io.tessera.exec.op;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import org.junit.jupiter.api.Test;

class PromTextTest {

    @Test
    void formatFIsGoShortestWithoutExponent() {
        assertThat(PromText.formatF(1)).isEqualTo("1");
        assertThat(PromText.formatF(0.1)).isEqualTo("0.1");
        assertThat(PromText.formatF(100)).isEqualTo("100");
        assertThat(PromText.formatF(1e21)).isEqualTo("1000000000000000000000");
        assertThat(PromText.formatF(1.5e-7)).isEqualTo("0.00000015");
        assertThat(PromText.formatF(-2.5)).isEqualTo("-2.5");
        assertThat(PromText.formatF(-0.0)).isEqualTo("-0");
        assertThat(PromText.formatF(0.0)).isEqualTo("0");
        assertThat(PromText.formatF(Double.NaN)).isEqualTo("NaN");
        assertThat(PromText.formatF(Double.POSITIVE_INFINITY)).isEqualTo("+Inf");
        assertThat(PromText.formatF(Double.NEGATIVE_INFINITY)).isEqualTo("-Inf");
    }

    @Test
    void formatGIsGoPercentG() {
        assertThat(PromText.formatG(1.5)).isEqualTo("1.5");
        assertThat(PromText.formatG(123456)).isEqualTo("123456");
        assertThat(PromText.formatG(1e6)).isEqualTo("1e+06");
        assertThat(PromText.formatG(1234567)).isEqualTo("1.234567e+06");
        assertThat(PromText.formatG(0.0001)).isEqualTo("0.0001");
        assertThat(PromText.formatG(0.00001)).isEqualTo("1e-05");
        assertThat(PromText.formatG(-2.5e-10)).isEqualTo("-2.5e-10");
        assertThat(PromText.formatG(1e100)).isEqualTo("1e+100");
        assertThat(PromText.formatG(Double.NaN)).isEqualTo("NaN");
    }

    @Test
    void labelsPrintLikePrometheus() {
        assertThat(PromText.labels(Labels.of("__name__", "up", "job", "a\"b\n")))
                .isEqualTo("{__name__=\"up\", job=\"a\\\"b\\n\"}");
        assertThat(PromText.labels(Labels.EMPTY)).isEqualTo("{}");
    }
}
