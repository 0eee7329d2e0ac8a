package io.tessera.store.wal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurableRawStoreTest {

    @TempDir
    Path tmp;

    private static void appendAll(DurableRawStore store, RandomRequests requests, int n) {
        for (int i = 0; i < n; i++) {
            store.append(requests.next());
        }
    }

    @Test
    void anEmptyDirectoryRecoversToAnEmptyStore() {
        try (DurableRawStore store = DurableRawStore.open(tmp.resolve("data"), DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            assertThat(store.store().stats().seriesCount()).isZero();
            assertThat(store.recovery().snapshot()).isEqualTo(-1);
            assertThat(store.recovery().records()).isZero();
            assertThat(store.walSegments()).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void aCleanShutdownRecoversTheSameStore(int seed) {
        Path dir = tmp.resolve("data");
        String before;
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, DataDirs.SMALL)) {
            appendAll(store, new RandomRequests(RandomRequests.seedOf(seed), 40), 300);
            before = Dumps.full(store.store());
        }
        assertThat(DataDirs.segments(dir).size()).isGreaterThan(3);
        try (DurableRawStore again = DurableRawStore.open(dir, DataDirs.CONFIG, DataDirs.SMALL)) {
            assertThat(Dumps.full(again.store())).isEqualTo(before);
            assertThat(again.recovery().records()).isEqualTo(300);
            assertThat(again.recovery().tornRecords()).isZero();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {4, 5, 6})
    void aCrashWithoutASnapshotRecoversEveryAcknowledgedRequest(int seed) {
        Path dir = tmp.resolve("data");
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, DataDirs.SMALL)) {
            appendAll(store, new RandomRequests(RandomRequests.seedOf(seed), 40), 250);
            Path copy = DataDirs.crashCopy(dir, tmp.resolve("crashed"));
            try (DurableRawStore recovered = DurableRawStore.open(copy, DataDirs.CONFIG, DataDirs.SMALL)) {
                assertThat(Dumps.full(recovered.store())).isEqualTo(Dumps.full(store.store()));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {7, 8, 9})
    void aCrashAfterSnapshotsRecoversTheSnapshotAndTheLogAfterIt(int seed) {
        Path dir = tmp.resolve("data");
        RandomRequests requests = new RandomRequests(RandomRequests.seedOf(seed), 40);
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, DataDirs.SMALL)) {
            for (int round = 0; round < 3; round++) {
                appendAll(store, requests, 120);
                DurableRawStore.SnapshotInfo info = store.snapshot();
                assertThat(info.skipped()).isFalse();
                assertThat(DataDirs.segments(dir).getFirst())
                        .isEqualTo(info.position().segment());
            }
            assertThat(store.snapshot().skipped()).isTrue();
            appendAll(store, requests, 77);
            assertThat(Snapshots.list(dir.resolve("snapshots"))).hasSize(DurableRawStore.KEEP_SNAPSHOTS);
            Path copy = DataDirs.crashCopy(dir, tmp.resolve("crashed"));
            try (DurableRawStore recovered = DurableRawStore.open(copy, DataDirs.CONFIG, DataDirs.SMALL)) {
                assertThat(recovered.recovery().snapshot()).isEqualTo(2);
                assertThat(recovered.recovery().records()).isEqualTo(77);
                assertThat(Dumps.full(recovered.store())).isEqualTo(Dumps.full(store.store()));
                appendAll(recovered, requests, 10);
                String after = Dumps.full(recovered.store());
                recovered.close();
                try (DurableRawStore twice = DurableRawStore.open(copy, DataDirs.CONFIG, DataDirs.SMALL)) {
                    assertThat(Dumps.full(twice.store())).isEqualTo(after);
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void aSnapshotOfAnEmptyStoreRecovers() {
        Path dir = tmp.resolve("data");
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            store.snapshot();
        }
        try (DurableRawStore again = DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            assertThat(again.recovery().snapshot()).isZero();
            assertThat(again.store().stats().seriesCount()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(WalFsync.class)
    void concurrentWritersShareGroupCommits(WalFsync fsync) throws Exception {
        Path dir = tmp.resolve("data");
        int threads = 16;
        int perThread = 60;
        WalOptions options = WalOptions.DEFAULTS.withFsync(fsync).withSegmentBytes(64 << 10);
        String before;
        long groups;
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, options);
                ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                List<AppendRequest> mine = new ArrayList<>();
                RandomRequests requests = new RandomRequests(RandomRequests.seedOf(100 + t), 5);
                for (int i = 0; i < perThread; i++) {
                    AppendRequest r = requests.next();
                    mine.add(relabel(r, "t" + t));
                }
                done.add(pool.submit(() -> {
                    go.await();
                    for (AppendRequest r : mine) {
                        store.append(r);
                    }
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> f : done) {
                f.get();
            }
            assertThat(store.walRecords()).isEqualTo((long) threads * perThread);
            groups = store.walGroups();
            before = Dumps.full(store.store());
        }
        System.out.printf(
                "group commit (%s): %d records in %d writes%n", fsync.configName(), threads * perThread, groups);
        if (fsync == WalFsync.ALWAYS) {
            assertThat(groups).isLessThan((long) threads * perThread);
        }
        try (DurableRawStore again = DurableRawStore.open(dir, DataDirs.CONFIG, options)) {
            assertThat(Dumps.full(again.store())).isEqualTo(before);
        }
    }

    /** The request with a {@code writer} label added to every series, so writers never share a series. */
    static AppendRequest relabel(AppendRequest r, String writer) {
        io.tessera.core.Labels[] series = r.series().clone();
        for (int i = 0; i < series.length; i++) {
            series[i] = series[i].with("writer", writer);
        }
        return new AppendRequest(series, r.sampleOffsets(), r.timestamps(), r.values());
    }

    @Test
    void rejectedRequestsAreNotLogged() {
        Path dir = tmp.resolve("data");
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            io.tessera.core.Labels up = io.tessera.core.Labels.of("__name__", "up");
            store.append(AppendRequest.builder().series(up).sample(2000, 1).build());
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> store.append(
                            AppendRequest.builder().series(up).sample(1000, 1).build()))
                    .isInstanceOf(io.tessera.store.raw.SampleRejectedException.class);
            assertThat(store.walRecords()).isEqualTo(1);
        }
        try (DurableRawStore again = DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            assertThat(again.recovery().records()).isEqualTo(1);
            assertThat(again.store().stats().sampleCount()).isEqualTo(1);
        }
    }

    @Test
    void aClosedLogRefusesAppends() {
        DurableRawStore store = DurableRawStore.open(tmp.resolve("data"), DataDirs.CONFIG, WalOptions.DEFAULTS);
        store.close();
        RawStore raw = store.store();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> store.append(AppendRequest.builder()
                        .series(io.tessera.core.Labels.of("__name__", "up"))
                        .sample(1, 1)
                        .build()))
                .isInstanceOf(WalFailedException.class);
        assertThat(raw.stats().sampleCount()).isZero();
    }
}
