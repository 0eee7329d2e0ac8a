package io.tessera.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.InvalidInputException;
import io.tessera.server.TesseraServer;
import org.junit.jupiter.api.Test;

/** The raw store's memory limit is checked against the Java heap it has to fit in. */
class StorageMemoryLimitTest {

    private static final long GIB = 1L << 30;

    @Test
    void unsetTheLimitIsHalfTheHeap() {
        ServerConfig.Storage storage =
                ConfigLoader.parse("listen: 127.0.0.1:0\n").storage();

        assertThat(storage.memoryLimit()).isNull();
        assertThat(storage.memoryLimitBytes(6 * GIB)).isEqualTo(3 * GIB);
        assertThat(storage.memoryLimitBytes(256L << 20)).isEqualTo(128L << 20);
    }

    @Test
    void aConfiguredLimitTheHeapCanHoldIsKept() {
        ServerConfig.Storage storage =
                ConfigLoader.parse("storage:\n  memory_limit: 3GiB\n").storage();

        assertThat(storage.memoryLimitBytes(6 * GIB)).isEqualTo(3 * GIB);
    }

    @Test
    void aConfiguredLimitAboveWhatTheHeapCanHoldIsRefusedWithOneClearLine() {
        ServerConfig.Storage storage =
                ConfigLoader.parse("storage:\n  memory_limit: 8GiB\n").storage();

        assertThatThrownBy(() -> storage.memoryLimitBytes(6 * GIB))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(
                        "storage.memory_limit 8GiB is more than the Java heap can hold: the heap is at most 6144 MiB (-Xmx) "
                                + "and raw data may take at most 60% of it (3686 MiB); lower storage.memory_limit, leave it unset for 50% "
                                + "of the heap, or raise -Xmx");
    }

    @Test
    void theServerRefusesToStartWithALimitAboveItsOwnHeap() {
        long heap = Runtime.getRuntime().maxMemory();
        String tooMuch = (heap / (1 << 20) + 1) + "MiB";

        assertThatThrownBy(() -> TesseraServer.start(
                        ConfigLoader.parse("listen: 127.0.0.1:0\nstorage:\n  memory_limit: " + tooMuch + "\n")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("storage.memory_limit " + tooMuch + " is more than the Java heap can hold");
    }

    @Test
    void theFutureToleranceDefaultsToTenMinutes() {
        assertThat(ConfigLoader.parse("listen: 127.0.0.1:0\n").storage().futureToleranceMillis())
                .isEqualTo(600_000);
        assertThat(ConfigLoader.parse("storage:\n  future_tolerance: 1h\n")
                        .storage()
                        .futureToleranceMillis())
                .isEqualTo(3_600_000);
    }
}
