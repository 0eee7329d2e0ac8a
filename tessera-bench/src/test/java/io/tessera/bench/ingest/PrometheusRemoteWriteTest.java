package io.tessera.bench.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.bench.Peers;
import io.tessera.bench.peer.PrometheusProcess;
import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ServerConfig;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A real Prometheus scrapes Tessera's own {@code /metrics} every second and remote-writes what
 * it scrapes to Tessera; afterwards Tessera's raw store must hold exactly the series and samples
 * that Prometheus' query API returns for the same time range. Prometheus is the only writer.
 *
 * <p>Runs for {@code -Dtessera.it.seconds} seconds (120 by default).
 */
class PrometheusRemoteWriteTest {

    private static final long RUN_SECONDS = Long.getLong("tessera.it.seconds", 120);
    /** The cut-off sits this far before the end, so Prometheus has committed every scrape before it. */
    private static final long SETTLE_MILLIS = 10_000;

    private static final Duration CATCH_UP = Duration.ofSeconds(60);
    private static final String SELECTOR = "{job=\"tessera\"}";

    private static TesseraServer tessera;
    private static PrometheusProcess prometheus;
    private static long startedMillis;

    @BeforeAll
    static void start() throws IOException {
        Peers.assumePrometheusInstalled("the remote-write comparison against a real Prometheus");
        startedMillis = System.currentTimeMillis();
        tessera = TesseraServer.start(ServerConfig.DEFAULTS.withListen("127.0.0.1:0"));
        prometheus = PrometheusProcess.start(prometheusConfig(tessera.address()), Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() throws Exception {
        Peers.closeInOrder(prometheus, tessera);
    }

    static String prometheusConfig(String tesseraAddress) {
        return """
                global:
                  scrape_interval: 1s
                  scrape_timeout: 1s
                  evaluation_interval: 1s
                scrape_configs:
                  - job_name: tessera
                    static_configs:
                      - targets: ['%1$s']
                remote_write:
                  - url: http://%1$s/api/v1/write
                    queue_config:
                      batch_send_deadline: 1s
                      min_backoff: 50ms
                      max_backoff: 1s
                """.formatted(tesseraAddress);
    }

    @Test
    void tesseraHoldsExactlyTheSamplesPrometheusScraped() throws Exception {
        runFor(RUN_SECONDS);

        long cutoff = System.currentTimeMillis() - SETTLE_MILLIS;
        long range = cutoff - startedMillis + 60_000;
        Map<Labels, SeriesSamples> expected =
                new PrometheusQueries(prometheus.baseUrl()).rawSamples(SELECTOR, range, cutoff);
        assertThat(expected).as("series Prometheus scraped from Tessera").isNotEmpty();
        SeriesSamples up = expected.get(Labels.of("__name__", "up", "instance", tessera.address(), "job", "tessera"));
        assertThat(up).as("Prometheus' up series for Tessera").isNotNull();
        assertThat(up.size()).as("scrapes of Tessera before the cut-off").isGreaterThanOrEqualTo((int)
                (RUN_SECONDS / 2));

        RawStoreSamples actual = awaitCaughtUp(expected, Interval.of(cutoff - range, cutoff));
        long samples = expected.values().stream().mapToLong(SeriesSamples::size).sum();
        System.out.printf(
                "compared %d series, %d samples up to %d; Tessera also holds %d stale markers there%n",
                expected.size(), samples, cutoff, actual.staleMarkers());

        assertThat(actual.series().keySet())
                .as("series in Tessera's raw store")
                .containsExactlyElementsOf(expected.keySet());
        assertThat(differences(expected, actual.series()))
                .as("series whose samples differ")
                .isEmpty();
        assertThat(rejectedWrites()).as("write requests Tessera rejected").isEmpty();
    }

    private static void runFor(long seconds) throws InterruptedException {
        for (long s = 1; s <= seconds; s++) {
            Thread.sleep(1000);
            if (!prometheus.isAlive()) {
                throw new AssertionError("Prometheus exited early:\n" + prometheus.log());
            }
            if (s % 15 == 0) {
                System.out.printf(
                        "%d/%d s: Tessera holds %d series, %d samples%n",
                        s,
                        seconds,
                        tessera.rawStore().stats().seriesCount(),
                        tessera.rawStore().stats().sampleCount());
            }
        }
    }

    /** Tessera's samples once it has every series up to Prometheus' last sample, or when time runs out. */
    private static RawStoreSamples awaitCaughtUp(Map<Labels, SeriesSamples> expected, Interval range)
            throws InterruptedException {
        List<LabelMatcher> matchers = List.of(LabelMatcher.equal("job", "tessera"));
        long deadline = System.nanoTime() + CATCH_UP.toNanos();
        RawStoreSamples actual = RawStoreSamples.read(tessera.rawStore(), matchers, range);
        while (!actual.caughtUpWith(expected) && System.nanoTime() < deadline) {
            Thread.sleep(500);
            actual = RawStoreSamples.read(tessera.rawStore(), matchers, range);
        }
        return actual;
    }

    private static List<String> differences(Map<Labels, SeriesSamples> expected, Map<Labels, SeriesSamples> actual) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<Labels, SeriesSamples> e : expected.entrySet()) {
            SeriesSamples theirs = actual.get(e.getKey());
            if (theirs == null) {
                continue;
            }
            int i = e.getValue().firstDifference(theirs, false);
            if (i >= 0) {
                out.add(e.getKey() + ": " + e.getValue().size() + " samples in Prometheus, " + theirs.size()
                        + " in Tessera; first difference at #" + i + ": Prometheus "
                        + e.getValue().describe(i)
                        + ", Tessera " + theirs.describe(i));
            }
        }
        return out;
    }

    private static List<String> rejectedWrites() {
        List<String> out = new ArrayList<>();
        for (String line : tessera.metrics().render().split("\n")) {
            if (line.startsWith("tessera_ingest_requests_total{")
                    && !line.contains("\"accepted\"")
                    && Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)) != 0) {
                out.add(line);
            }
        }
        return out;
    }
}
