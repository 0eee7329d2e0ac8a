package io.tessera.store.wal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A log whose fsync fails: the request waiting for it is not acknowledged, every later request
 * is refused, the store reports the failure, and a restart recovers every acknowledged request.
 */
class FsyncFailureTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @EnumSource(WalFsync.class)
    void aFailingFsyncAcknowledgesNothingMoreAndLosesNothingAcknowledged(WalFsync policy) throws Exception {
        Path dir = tmp.resolve("data");
        AtomicInteger forces = new AtomicInteger();
        int failAt = policy == WalFsync.ALWAYS ? 40 : 4;
        WalWriter.Forcer failing = (channel, metadata) -> {
            if (forces.incrementAndGet() >= failAt) {
                throw new IOException("injected: fsync failed (EIO)");
            }
            channel.force(metadata);
        };
        WalOptions options = new WalOptions(policy, 1 << 16, 20);
        RandomRequests requests = new RandomRequests(17, 50);
        ConcurrentLinkedQueue<AppendRequest> acknowledged = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<AppendRequest> refused = new ConcurrentLinkedQueue<>();
        DurableRawStore store = DurableRawStore.open(dir, DataDirs.CONFIG, options, ReplayListener.NONE, failing);
        List<AppendRequest> all = requests.next(4000);
        TakingTurns.run(4, all.size(), i -> {
            AppendRequest r = all.get(i);
            try {
                store.append(r);
                acknowledged.add(r);
            } catch (WalFailedException e) {
                refused.add(r);
            } catch (RuntimeException e) {
                // an out-of-order sample across writers is rejected before it is logged
            }
            if (policy == WalFsync.INTERVAL && i % 50 == 0) {
                TakingTurns.pause(1);
            }
        });
        System.out.println(policy + ": acknowledged " + acknowledged.size() + ", refused " + refused.size()
                + ", forces " + forces.get());
        assertThat(store.walFailure())
                .as("the store reports the failure")
                .isNotNull()
                .hasMessageContaining("injected");
        assertThat(refused).as("requests after the failure are refused").isNotEmpty();
        assertThatThrownBy(() -> store.append(requests.next()))
                .isInstanceOf(WalFailedException.class)
                .hasMessageContaining("injected");
        store.close();
        try (DurableRawStore again = DurableRawStore.open(dir, DataDirs.CONFIG, options)) {
            RawStore recovered = again.store();
            long ackedSamples = AcknowledgedSamples.assertPresent(recovered, acknowledged);
            assertThat(recovered.stats().sampleCount()).isGreaterThanOrEqualTo(ackedSamples);
            // and appends work again after the restart
            again.append(requests.next());
        }
    }
}
