package io.tessera.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.InvalidInputException;
import org.junit.jupiter.api.Test;

class ConfigLoaderTest {

    @Test
    void readsYamlAndFillsDefaults() {
        ServerConfig c = ConfigLoader.parse("""
                listen: 0.0.0.0:9999
                storage:
                  retention: 2d
                """);
        assertThat(c.host()).isEqualTo("0.0.0.0");
        assertThat(c.port()).isEqualTo(9999);
        assertThat(c.storage().retention()).isEqualTo("2d");
        assertThat(c.storage().outOfOrderWindow()).isEqualTo("0s");
        assertThat(c.remoteWrite().maxBodyBytes()).isEqualTo("32MiB");
        assertThat(c.dataDir()).isNull();
    }

    @Test
    void querySettingsBecomeEngineOptions() {
        ServerConfig c = ConfigLoader.parse("""
                query:
                  lookback_delta: 2m
                  max_samples: 1000
                """);
        assertThat(c.engineOptions().lookbackMs()).isEqualTo(120_000);
        assertThat(c.engineOptions().limits().maxSamples()).isEqualTo(1000);
        assertThat(c.engineOptions().limits().timeoutMs()).isEqualTo(120_000);
        assertThat(c.engineOptions().limits().maxPointsPerSeries()).isEqualTo(11_000);
    }

    @Test
    void durabilitySettingsHaveDefaultsAndParse() {
        ServerConfig d = ServerConfig.DEFAULTS;
        assertThat(d.storage().walFsync()).isEqualTo("interval");
        assertThat(d.walOptions().fsync()).isEqualTo(io.tessera.store.wal.WalFsync.INTERVAL);
        assertThat(d.walOptions().segmentBytes()).isEqualTo(128L << 20);
        assertThat(d.snapshotIntervalMillis()).isEqualTo(15 * 60_000L);
        ServerConfig c = ConfigLoader.parse("""
                data_dir: /var/lib/tessera
                storage:
                  wal_fsync: always
                  wal_segment_size: 1MiB
                  snapshot_interval: 30s
                """);
        assertThat(c.dataDir()).isEqualTo("/var/lib/tessera");
        assertThat(c.walOptions().fsync()).isEqualTo(io.tessera.store.wal.WalFsync.ALWAYS);
        assertThat(c.walOptions().segmentBytes()).isEqualTo(1L << 20);
        assertThat(c.snapshotIntervalMillis()).isEqualTo(30_000);
        assertThat(c.storage().retention()).isEqualTo("15d");
        assertThatThrownBy(() ->
                        ConfigLoader.parse("storage:\n  wal_fsync: sometimes\n").walOptions())
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("sometimes");
    }

    @Test
    void anEmptyFileIsTheDefaults() {
        assertThat(ConfigLoader.parse("")).isEqualTo(ServerConfig.DEFAULTS);
    }

    @Test
    void unknownKeysAreRejectedWithTheirPath() {
        assertThatThrownBy(() -> ConfigLoader.parse("storage:\n  retension: 2d\n"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("retension");
    }

    @Test
    void badListenAddressesAreRejected() {
        assertThatThrownBy(() -> ServerConfig.DEFAULTS.withListen("9470").port())
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("HOST:PORT");
        assertThatThrownBy(() -> ServerConfig.DEFAULTS.withListen("h:99999").port())
                .isInstanceOf(InvalidInputException.class);
    }
}
