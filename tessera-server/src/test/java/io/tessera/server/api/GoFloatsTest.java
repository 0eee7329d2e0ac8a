package io.tessera.server.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class GoFloatsTest {

    /** Expected strings are what Prometheus' MarshalFloat (Go strconv, 'f' or 'e') writes. */
    @ParameterizedTest
    @CsvSource({
        "1, 1",
        "0, 0",
        "-0.0, -0",
        "0.1, 0.1",
        "1.5, 1.5",
        "100, 100",
        "1234567.125, 1234567.125",
        "0.000001, 0.000001",
        "0.0000015, 0.0000015",
        "0.0000001, 1e-07",
        "1.5e-10, 1.5e-10",
        "123456789012345680000, 123456789012345680000",
        "1e21, 1e+21",
        "-2.5e22, -2.5e+22",
        "1.7976931348623157e308, 1.7976931348623157e+308",
        "4.9e-324, 5e-324",
        "NaN, NaN",
        "Infinity, +Inf",
        "-Infinity, -Inf",
    })
    void formatsSampleValuesAsPrometheus(String input, String expected) {
        assertThat(GoFloats.sampleValue(Double.parseDouble(input))).isEqualTo(expected);
    }

    @Test
    void formatFNeverUsesAnExponent() {
        assertThat(GoFloats.formatF(1e-7)).isEqualTo("0.0000001");
        assertThat(GoFloats.formatF(1e21)).isEqualTo("1000000000000000000000");
        assertThat(GoFloats.formatF(Double.NaN)).isEqualTo("NaN");
    }

    @Test
    void shortestDigitsReadBackToTheSameDouble() {
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < 2000; i++) {
            double v = Double.longBitsToDouble(random.nextLong());
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                continue;
            }
            assertThat(Double.parseDouble(GoFloats.sampleValue(v))).isEqualTo(v);
            assertThat(Double.parseDouble(GoFloats.formatF(v))).isEqualTo(v);
        }
    }

    @ParameterizedTest
    @CsvSource({
        "1, 1",
        "-1.5, -1.5",
        "+2, 2",
        ".5, 0.5",
        "5., 5",
        "1e3, 1000",
        "1E-3, 0.001",
        "0x1p-2, 0.25",
        "Inf, Infinity",
        "-inf, -Infinity",
        "+Infinity, Infinity"
    })
    void parsesWhatGoParses(String input, double expected) {
        assertThat(GoFloats.parse(input)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " 1", "1 ", "1d", "1f", "1_000", "0x10", "+nan", "1e400", "abc", "1s", "--1", "."})
    void refusesWhatGoRefuses(String input) {
        assertThat(GoFloats.parse(input)).isNull();
    }

    @Test
    void readsNaNInAnyCase() {
        assertThat(GoFloats.parse("nan")).isNaN();
        assertThat(GoFloats.parse("NaN")).isNaN();
    }

    @Test
    void thePlainRangeMatchesTheDecimalExpansionOfTheShortestDigits() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(3);
        for (int i = 0; i < 200_000; i++) {
            double v = switch (i % 3) {
                case 0 -> Math.exp(random.nextDouble(Math.log(1e-3), Math.log(1e7)));
                case 1 -> Math.round(random.nextDouble(0, 1e7) * 1000) / 1000.0;
                default -> random.nextInt(10_000_000);
            };
            v = random.nextBoolean() ? v : -v;
            String expected = new java.math.BigDecimal(Double.toString(v))
                    .stripTrailingZeros()
                    .toPlainString();
            org.assertj.core.api.Assertions.assertThat(GoFloats.formatF(v))
                    .as("%s", v)
                    .isEqualTo(expected);
        }
    }
}
