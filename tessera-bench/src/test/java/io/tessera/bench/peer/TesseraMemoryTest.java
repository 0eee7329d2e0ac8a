package io.tessera.bench.peer;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import org.junit.jupiter.api.Test;

/** Every series the memory line reads is on a real server's {@code /metrics} (none shows as NaN). */
class TesseraMemoryTest {

    @Test
    void everyPartIsReadFromTheServersMetrics() throws Exception {
        try (TesseraServer server = TesseraServer.start(ConfigLoader.parse("listen: 127.0.0.1:0\n"))) {
            String line = TesseraMemory.breakdown("http://127.0.0.1:" + server.port());
            assertThat(line).doesNotContain("NaN").contains("heap ", "raw store ", "views ");
        }
    }
}
