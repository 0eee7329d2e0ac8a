package io.tessera.store.wal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStore;
import java.util.Set;

/** Checks that every sample of the acknowledged requests is in a recovered store, in its series, with its value bits. */
final class AcknowledgedSamples {

    private AcknowledgedSamples() {}

    /** Fails naming the missing samples if any is absent; returns how many samples were acknowledged (at least one). */
    static long assertPresent(RawStore recovered, Iterable<AppendRequest> acknowledged) {
        Set<String> present = Dumps.sampleSet(recovered);
        long expected = 0;
        for (AppendRequest r : acknowledged) {
            RawStore one = new RawStore(DataDirs.CONFIG);
            one.replay(r);
            Set<String> mine = Dumps.sampleSet(one);
            expected += mine.size();
            if (!present.containsAll(mine)) {
                mine.removeAll(present);
                throw new AssertionError("acknowledged samples missing after the restart: " + mine);
            }
        }
        assertThat(expected).isPositive();
        return expected;
    }
}
