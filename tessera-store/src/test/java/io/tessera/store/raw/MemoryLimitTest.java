package io.tessera.store.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tessera.core.Labels;
import io.tessera.core.LimitExceededException;
import org.junit.jupiter.api.Test;

class MemoryLimitTest {

    private static final long LIMIT = 2L << 20;

    private static AppendRequest batch(int round, long time) {
        AppendRequest.Builder b = AppendRequest.builder();
        for (int s = 0; s < 100; s++) {
            b.series(Labels.of("__name__", "m", "round", Integer.toString(round), "s", Integer.toString(s)));
            for (int k = 0; k < 10; k++) {
                b.sample(time + k * 10_000L, k * 1.5);
            }
        }
        return b.build();
    }

    @Test
    void ingestIsRefusedAtTheLimitAndResumesAfterRetention() {
        // the chunks and series retention frees; the bounded recent-samples log is RecentSamplesTest's
        RawStore store = new RawStore(RawStoreConfig.defaults()
                .withMemoryLimit(LIMIT)
                .withRetention(1_000_000)
                .withRecentSamples(0, 0));
        int round = 0;
        LimitExceededException refused = null;
        while (refused == null && round < 10_000) {
            AppendRequest request = batch(round, round * 100_000L + 1);
            StoreStats before = store.stats();
            String dump = round % 10 == 0 ? StoreDump.full(store) : null;
            refused = catchThrowableOfType(LimitExceededException.class, () -> store.append(request));
            if (refused != null) {
                assertThat(store.stats()).isEqualTo(before);
                if (dump != null) {
                    assertThat(StoreDump.full(store)).isEqualTo(dump);
                }
            }
            round++;
        }
        assertThat(refused).isNotNull();
        assertThat(refused.getMessage())
                .contains("memory limit reached")
                .contains(Long.toString(LIMIT))
                .contains("ingest refused");
        StoreStats full = store.stats();
        assertThat(full.memoryBytes()).isLessThanOrEqualTo(LIMIT).isGreaterThan(LIMIT / 2);
        assertThat(full).isEqualTo(store.recount());

        store.applyRetention((round - 1) * 100_000L);
        assertThat(store.stats().memoryBytes()).isLessThan(full.memoryBytes() / 2);
        store.append(batch(round, round * 100_000L + 1));
        assertThat(store.stats()).isEqualTo(store.recount());
    }
}
