package io.tessera.exec.function;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.function.DoubleFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GoFormatTest {

    private static final Map<String, DoubleFunction<String>> FORMATS =
            Map.of("shortestF", GoFormat::shortestF, "g", GoFormat::g, "v", GoFormat::v);

    /** {@code shortestF} never uses an exponent; {@code g} uses one from 1e6, {@code v} from 1e21. */
    @ParameterizedTest
    @CsvSource(textBlock = """
        shortestF, 1, 1
        shortestF, 0.1, 0.1
        shortestF, 100, 100
        shortestF, 1e21, 1000000000000000000000
        shortestF, 1.5e-7, 0.00000015
        shortestF, -2.5, -2.5
        shortestF, -0.0, -0
        shortestF, 0.0, 0
        shortestF, NaN, NaN
        shortestF, Infinity, +Inf
        shortestF, -Infinity, -Inf
        g, 1.5, 1.5
        g, 123456, 123456
        g, 1e6, 1e+06
        g, 1234567, 1.234567e+06
        g, 0.0001, 0.0001
        g, 0.00001, 1e-05
        g, -2.5e-10, -2.5e-10
        g, 1e100, 1e+100
        g, NaN, NaN
        v, 2, 2
        v, -1, -1
        v, 1.5, 1.5
        v, NaN, NaN
        v, Infinity, +Inf
        v, 1e21, 1e+21
        v, 1e20, 100000000000000000000
        v, 0.0001, 0.0001
        v, 0.00001, 1e-05
        v, -1.25e-7, -1.25e-07
        """)
    void formatsAsGo(String format, double x, String expected) {
        assertThat(FORMATS.get(format).apply(x)).isEqualTo(expected);
    }
}
