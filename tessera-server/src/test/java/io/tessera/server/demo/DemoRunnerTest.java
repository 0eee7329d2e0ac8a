package io.tessera.server.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The demo end to end for a bounded time on an ephemeral port: the built-in workload's plan has
 * views, every example query a view serves was answered from it, and every answer agrees with the
 * same server's exact answer ({@code accelerate=false}) to rounding.
 */
class DemoRunnerTest {

    @Test
    void examplesAreAnsweredFromViewsAndAgreeWithTheExactAnswers() throws Exception {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        DemoRunner.Options options = new DemoRunner.Options(300, 4 * 3_600_000L, 15_000, 2_000, "127.0.0.1:0", 7);
        DemoRunner.Result result = new DemoRunner(options, new PrintStream(buffer, true, StandardCharsets.UTF_8)).run();
        String printed = buffer.toString(StandardCharsets.UTF_8);

        assertThat(result.views()).as(printed).isGreaterThanOrEqualTo(3);
        List<DemoExample> planned =
                result.examples().stream().filter(DemoExample::planned).toList();
        assertThat(planned).as(printed).hasSizeGreaterThanOrEqualTo(3);
        for (DemoExample e : result.examples()) {
            assertThat(e.points()).as(e.query()).isGreaterThan(100);
            assertThat(e.fromView()).as(e.query() + "\n" + printed).isEqualTo(e.planned());
            assertThat(e.maxRelativeError())
                    .as(e.query() + " against accelerate=false")
                    .isLessThan(1e-9);
        }
        assertThat(result.samplesFed()).isGreaterThan(300L * 4 * 240);
        assertThat(printed)
                .contains(
                        "Grafana: add a Prometheus data source with URL http://127.0.0.1:",
                        "accelerate=false",
                        "answered from view",
                        "demo ended");
    }
}
