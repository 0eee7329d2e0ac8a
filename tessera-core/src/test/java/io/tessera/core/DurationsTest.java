package io.tessera.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

    @ParameterizedTest
    @CsvSource({
        "5m,300000",
        "1h30m,5400000",
        "90s,90000",
        "15d,1296000000",
        "1w,604800000",
        "1y,31536000000",
        "250ms,250",
        "1m30s500ms,90500",
        "0s,0"
    })
    void parsesPrometheusDurations(String text, long millis) {
        assertThat(Durations.parseMillis(text)).isEqualTo(millis);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "5", "m", "5x", "30s1m", "1h1h", "-5m", "1.5h", "5 m"})
    void rejectsWhatPrometheusRejects(String text) {
        assertThatThrownBy(() -> Durations.parseMillis(text)).isInstanceOf(InvalidInputException.class);
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 999, 1000, 60_000, 5_400_000, 90_500, 86_400_000L * 400})
    void formatRoundTrips(long millis) {
        assertThat(Durations.parseMillis(Durations.format(millis))).isEqualTo(millis);
    }

    @ParameterizedTest
    @CsvSource({"512MiB,536870912", "4GB,4000000000", "1048576,1048576", "1.5KiB,1536", "2 GiB,2147483648"})
    void parsesByteSizes(String text, long bytes) {
        assertThat(ByteSizes.parse(text)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "MiB", "5XB", "1e3"})
    void rejectsBadByteSizes(String text) {
        assertThatThrownBy(() -> ByteSizes.parse(text)).isInstanceOf(InvalidInputException.class);
    }
}
