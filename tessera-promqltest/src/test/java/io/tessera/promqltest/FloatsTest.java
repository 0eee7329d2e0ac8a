package io.tessera.promqltest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.StaleMarker;
import org.junit.jupiter.api.Test;

class FloatsTest {

    @Test
    void relativeToleranceOfOneInAMillion() {
        assertThat(Floats.almostEqual(1000, 1000.0015)).isTrue();
        assertThat(Floats.almostEqual(1000, 1000.003)).isFalse();
        assertThat(Floats.almostEqual(-1e-9, -1.0000015e-9)).isTrue();
        assertThat(Floats.almostEqual(229.12878474779, 229.128784747792)).isTrue();
        assertThat(Floats.almostEqual(1, -1)).isFalse();
    }

    @Test
    void zeroIsComparedAbsolutelyWithATinyBound() {
        assertThat(Floats.almostEqual(0, 0)).isTrue();
        assertThat(Floats.almostEqual(0, -0.0)).isTrue();
        assertThat(Floats.almostEqual(0, 1e-300)).isFalse();
        assertThat(Floats.almostEqual(0, Double.MIN_VALUE)).isTrue();
    }

    @Test
    void nanEqualsNanAndStaleMarkersAreNaN() {
        assertThat(Floats.almostEqual(Double.NaN, Double.NaN)).isTrue();
        assertThat(Floats.almostEqual(StaleMarker.VALUE, Double.NaN)).isTrue();
        assertThat(Floats.almostEqual(Double.NaN, 1)).isFalse();
        assertThat(Floats.almostEqual(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY))
                .isTrue();
        assertThat(Floats.almostEqual(Double.POSITIVE_INFINITY, Double.MAX_VALUE))
                .isFalse();
        assertThat(Floats.almostEqual(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY))
                .isFalse();
    }

    @Test
    void parsesAsGoDoes() {
        assertThat(Floats.parse("12")).isEqualTo(12);
        assertThat(Floats.parse("0x1f")).isEqualTo(31);
        assertThat(Floats.parse("010")).isEqualTo(8);
        assertThat(Floats.parse("1_000")).isEqualTo(1000);
        assertThat(Floats.parse("1.5e3")).isEqualTo(1500);
        assertThat(Floats.parse("-Inf")).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(Floats.parse("NaN")).isNaN();
        assertThat(Floats.parse("0x1p-2")).isEqualTo(0.25);
        assertThat(Floats.parse("99999999999999999999")).isEqualTo(1e20);
        for (String bad : new String[] {"1d", "1f", " 1", "", "{} 1", "_1", "1_", "Infinityx", "0x"}) {
            assertThatThrownBy(() -> Floats.parse(bad)).as(bad).isInstanceOf(NumberFormatException.class);
        }
    }

    @Test
    void formatsAsGoDoes() {
        assertThat(Floats.format(3)).isEqualTo("3");
        assertThat(Floats.format(-0.25)).isEqualTo("-0.25");
        assertThat(Floats.format(1.234e-5)).isEqualTo("1.234e-05");
        assertThat(Floats.format(12340000)).isEqualTo("12340000");
        assertThat(Floats.format(1e21)).isEqualTo("1e+21");
        assertThat(Floats.format(Double.NEGATIVE_INFINITY)).isEqualTo("-Inf");
        assertThat(Floats.format(StaleMarker.VALUE)).isEqualTo("stale");
    }
}
