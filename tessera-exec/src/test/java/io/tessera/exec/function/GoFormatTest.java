package io.tessera.exec.function;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GoFormatTest {

    @ParameterizedTest
    @CsvSource({
        "1, 1",
        "0.1, 0.1",
        "100, 100",
        "1e21, 1000000000000000000000",
        "1.5e-7, 0.00000015",
        "-2.5, -2.5",
        "-0.0, -0",
        "0.0, 0",
        "NaN, NaN",
        "Infinity, +Inf",
        "-Infinity, -Inf"
    })
    void shortestFIsGoShortestWithoutExponent(double x, String expected) {
        assertThat(GoFormat.shortestF(x)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({
        "1.5, 1.5",
        "123456, 123456",
        "1e6, 1e+06",
        "1234567, 1.234567e+06",
        "0.0001, 0.0001",
        "0.00001, 1e-05",
        "-2.5e-10, -2.5e-10",
        "1e100, 1e+100",
        "NaN, NaN"
    })
    void gIsGoPercentG(double x, String expected) {
        assertThat(GoFormat.g(x)).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource({
        "2, 2",
        "-1, -1",
        "1.5, 1.5",
        "NaN, NaN",
        "Infinity, +Inf",
        "1e21, 1e+21",
        "1e20, 100000000000000000000",
        "0.0001, 0.0001",
        "0.00001, 1e-05",
        "-1.25e-7, -1.25e-07"
    })
    void vIsGoPercentV(double x, String expected) {
        assertThat(GoFormat.v(x)).isEqualTo(expected);
    }
}
