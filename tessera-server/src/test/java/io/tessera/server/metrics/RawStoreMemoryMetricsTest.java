package io.tessera.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tessera.server.LoopbackServers;
import io.tessera.server.ServerHttp;
import io.tessera.server.TesseraServer;
import org.junit.jupiter.api.Test;

/**
 * The raw store's size on {@code /metrics} of a real server: samples, bytes and bytes per sample
 * follow what was written, and the memory limit is the configured one.
 */
class RawStoreMemoryMetricsTest {

    private static final int SERIES = 40;
    private static final int SAMPLES_PER_SERIES = 600;
    private static final long STEP_MS = 1_000;

    @Test
    void bytesPerSampleFollowWrittenSamples() throws Exception {
        try (TesseraServer server = LoopbackServers.start("storage:\n  memory_limit: 48MiB\n")) {
            String address = server.address();
            assertThat(ServerHttp.metric(address, "tessera_raw_samples")).isZero();
            assertThat(ServerHttp.metric(address, "tessera_raw_bytes_per_sample"))
                    .isZero();
            assertThat(ServerHttp.metric(address, "tessera_raw_memory_limit_bytes"))
                    .isEqualTo(48.0 * 1024 * 1024);

            long start = System.currentTimeMillis() - SAMPLES_PER_SERIES * STEP_MS;
            ServerHttp.importText(address, exposition(start));

            long written = (long) SERIES * SAMPLES_PER_SERIES;
            double samples = ServerHttp.metric(address, "tessera_raw_samples");
            double memory = ServerHttp.metric(address, "tessera_raw_memory_bytes");
            double chunks = ServerHttp.metric(address, "tessera_raw_chunk_bytes");
            double perSample = ServerHttp.metric(address, "tessera_raw_bytes_per_sample");
            assertThat(samples).isEqualTo(written);
            assertThat(perSample).isCloseTo(memory / written, within(1e-6 * memory / written));
            assertThat(chunks / written)
                    .as("compressed bytes per sample of slowly changing values")
                    .isBetween(0.1, 4.0);
            assertThat(memory)
                    .as("the estimate counts more than the compressed chunks")
                    .isGreaterThan(chunks);
            assertThat(perSample)
                    .as("chunks, seek indexes, series and recent-samples log")
                    .isBetween(1.0, 64.0);
        }
    }

    /** {@code SERIES} gauges, one sample a second from {@code start}, in the text format with millisecond stamps. */
    private static String exposition(long start) {
        StringBuilder text = new StringBuilder();
        for (int k = 0; k < SAMPLES_PER_SERIES; k++) {
            long t = start + k * STEP_MS;
            for (int s = 0; s < SERIES; s++) {
                text.append("mem_gauge{instance=\"i")
                        .append(s)
                        .append("\"} ")
                        .append((s * 7 + k) % 50)
                        .append(' ')
                        .append(t)
                        .append('\n');
            }
        }
        return text.toString();
    }
}
