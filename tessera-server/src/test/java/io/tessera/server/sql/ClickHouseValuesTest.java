package io.tessera.server.sql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClickHouseValuesTest {

    @Test
    void floatsAreWrittenAsClickHouseWritesThem() {
        assertThat(ClickHouseValues.float64(1)).isEqualTo("1");
        assertThat(ClickHouseValues.float64(-2.5)).isEqualTo("-2.5");
        assertThat(ClickHouseValues.float64(0.1)).isEqualTo("0.1");
        assertThat(ClickHouseValues.float64(1e20)).isEqualTo("100000000000000000000");
        assertThat(ClickHouseValues.float64(1e21)).isEqualTo("1e21");
        assertThat(ClickHouseValues.float64(1e-7)).isEqualTo("1e-7");
        assertThat(ClickHouseValues.float64(1.5e300)).isEqualTo("1.5e300");
        assertThat(ClickHouseValues.float64(Double.NaN)).isEqualTo("nan");
        assertThat(ClickHouseValues.float64(Double.POSITIVE_INFINITY)).isEqualTo("inf");
        assertThat(ClickHouseValues.float64(Double.NEGATIVE_INFINITY)).isEqualTo("-inf");
        assertThat(ClickHouseValues.float64(-0.0)).isEqualTo("-0");
        for (double v : new double[] {Math.PI, 1e-300, 123456.789, 2.0 / 3, Double.MIN_VALUE, Double.MAX_VALUE}) {
            assertThat(Double.parseDouble(ClickHouseValues.float64(v))).isEqualTo(v);
        }
    }

    @Test
    void dateTime64IsUtcWithMilliseconds() {
        assertThat(ClickHouseValues.dateTime64(1_767_225_600_123L)).isEqualTo("2026-01-01 00:00:00.123");
        assertThat(ClickHouseValues.dateTime64(0)).isEqualTo("1970-01-01 00:00:00.000");
    }

    @Test
    void tabSeparatedEscapesWhatClickHouseEscapes() {
        StringBuilder out = new StringBuilder();
        ClickHouseValues.escapeTsv("a\tb\nc\\d'e\rf\0g\bh\fi", out);
        assertThat(out.toString()).isEqualTo("a\\tb\\nc\\\\d\\'e\\rf\\0g\\bh\\fi");
    }
}
