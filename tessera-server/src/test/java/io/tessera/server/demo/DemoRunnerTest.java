package io.tessera.server.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DemoRunnerTest {

    @Test
    void acceleratedAnswersAgreeWithTheRawSamples() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        DemoRunner.Options options = new DemoRunner.Options(200, 3 * 3_600_000L, 15_000, 300_000, 3_600_000, 7);
        DemoRunner.Result result = new DemoRunner(options, new PrintStream(buffer, true, StandardCharsets.UTF_8)).run();
        String printed = buffer.toString(StandardCharsets.UTF_8);

        assertThat(result.maxExactError).as("sum and rate from panes versus raw samples").isLessThan(1e-9);
        assertThat(result.rankBound).isGreaterThan(0);
        assertThat(result.maxRankError).as("KLL rank error versus its bound").isLessThanOrEqualTo(result.rankBound);
        assertThat(printed).contains("quantile_over_time(0.99, latency) by job", "rate(http_requests_total",
                "one readExactBatch", "speed-up");
    }
}
