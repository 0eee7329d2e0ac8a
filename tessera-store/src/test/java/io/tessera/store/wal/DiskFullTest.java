package io.tessera.store.wal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Labels;
import io.tessera.store.raw.AppendRequest;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The log's disk fills up under concurrent writers: writes are refused, and once room is made
 * they are accepted again by themselves, with every acknowledged sample there after a restart.
 * And a start on a disk that is already full starts, refusing writes until room is made.
 */
class DiskFullTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(WalFsync.class)
    void writesResumeOnceSpaceIsFreedAndNothingAcknowledgedIsLost(WalFsync policy) throws Exception {
        Path dir = tmp.resolve("data");
        QuotaDisk disk = new QuotaDisk(150_000);
        WalOptions options = new WalOptions(policy, 1 << 16, 20);
        List<AppendRequest> all = new RandomRequests(23, 40).next(6000);
        ConcurrentLinkedQueue<AppendRequest> acknowledged = new ConcurrentLinkedQueue<>();
        AtomicInteger refused = new AtomicInteger();
        AtomicInteger ackedAfterFreeing = new AtomicInteger();
        AtomicBoolean freed = new AtomicBoolean();
        DurableRawStore store =
                DurableRawStore.open(dir, DataDirs.CONFIG, options, ReplayListener.NONE, disk, new RecoveryProgress());
        TakingTurns.run(3, all.size(), i -> {
            try {
                store.append(all.get(i));
                acknowledged.add(all.get(i));
                if (freed.get()) {
                    ackedAfterFreeing.incrementAndGet();
                }
            } catch (WalFailedException e) {
                if (refused.incrementAndGet() == 50) {
                    assertThat(store.walFailure()).hasMessageContaining("No space left");
                    freed.set(true);
                    disk.free(100L << 20);
                }
                TakingTurns.pause(2);
            } catch (RuntimeException e) {
                // an out-of-order sample across writers is rejected before it is logged
            }
        });
        System.out.println(
                policy + ": acknowledged " + acknowledged.size() + ", refused " + refused.get() + ", acknowledged after"
                        + " freeing " + ackedAfterFreeing.get() + ", failed disk writes " + disk.failures.get());
        assertThat(refused.get()).as("writes refused while the disk was full").isGreaterThanOrEqualTo(50);
        assertThat(ackedAfterFreeing.get())
                .as("writes accepted again once space was freed")
                .isGreaterThan(100);
        assertThat(store.walFailure()).as("the log recovered").isNull();
        store.close();
        try (DurableRawStore again = DurableRawStore.open(dir, DataDirs.CONFIG, options)) {
            assertThat(again.recovery().damaged())
                    .as("the failed write left no damage behind")
                    .isEmpty();
            assertThat(again.recovery().torn()).isNull();
            AcknowledgedSamples.assertPresent(again.store(), acknowledged);
        }
    }

    @Test
    void aStartOnAFullDiskStartsReadOnlyAndTakesWritesOnceThereIsRoom() throws Exception {
        Path dir = tmp.resolve("data");
        AppendRequest before = AppendRequest.builder()
                .series(Labels.of("__name__", "before_full"))
                .sample(1000, 1.5)
                .build();
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            store.append(before);
        }
        QuotaDisk disk = new QuotaDisk(0);
        AppendRequest after = AppendRequest.builder()
                .series(Labels.of("__name__", "after_full"))
                .sample(2000, 2.5)
                .build();
        try (DurableRawStore store = DurableRawStore.open(
                dir, DataDirs.CONFIG, WalOptions.DEFAULTS, ReplayListener.NONE, disk, new RecoveryProgress())) {
            assertThat(Dumps.full(store.store())).contains("before_full");
            assertThatThrownBy(() -> store.append(after))
                    .isInstanceOf(WalFailedException.class)
                    .hasMessageContaining("No space left");
            assertThat(store.walFailure()).isNotNull();
            disk.free(100L << 20);
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (true) {
                try {
                    store.append(after);
                    break;
                } catch (WalFailedException e) {
                    assertThat(System.nanoTime())
                            .as("writes resume within 20 s")
                            .isLessThan(deadline);
                    Thread.sleep(50);
                }
            }
            assertThat(store.walFailure()).isNull();
        }
        try (DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, WalOptions.DEFAULTS)) {
            AcknowledgedSamples.assertPresent(store.store(), List.of(before, after));
        }
    }
}
