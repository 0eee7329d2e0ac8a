package io.tessera.exec.view.panes;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.exec.view.StateFactory;
import io.tessera.plan.StateSpec;
import io.tessera.sketch.CounterState;
import io.tessera.sketch.State;
import io.tessera.sketch.StateFamily;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link SlidingMerge} against merging each window's panes one by one, in time order, from scratch. */
class SlidingMergeTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void everyWindowEqualsItsPanesMergedInOrder(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int paneCount = 1 + random.nextInt(300);
        State[] panes = new State[paneCount];
        double counter = 0;
        for (int p = 0; p < paneCount; p++) {
            if (random.nextInt(6) == 0) {
                continue; // a pane where the group has no state
            }
            CounterState pane = new CounterState();
            for (int k = 0, n = 1 + random.nextInt(4); k < n; k++) {
                counter = random.nextInt(10) == 0 ? random.nextInt(5) : counter + random.nextInt(100);
                pane.update(p * 15_000L + k * 3_000L, counter);
            }
            panes[p] = pane;
        }
        SlidingMerge sliding = new SlidingMerge(StateFactory.of(StateSpec.of(StateFamily.COUNTER)));
        sliding.reset(panes);
        int from = random.nextInt(paneCount);
        int to = from + random.nextInt(paneCount - from + 1);
        int steps = 1 + random.nextInt(40);
        for (int step = 0; step < steps; step++) {
            CounterState slid = new CounterState();
            sliding.mergeWindow(from, to, slid);
            CounterState expected = new CounterState();
            for (int p = from; p < to; p++) {
                if (panes[p] != null) {
                    expected.merge(panes[p]);
                }
            }
            assertThat(slid.count()).as("panes [%d, %d)", from, to).isEqualTo(expected.count());
            assertThat(slid.resets()).isEqualTo(expected.resets());
            assertThat(slid.firstTimestamp()).isEqualTo(expected.firstTimestamp());
            assertThat(slid.lastTimestamp()).isEqualTo(expected.lastTimestamp());
            assertThat(Double.valueOf(slid.resetCorrection())).isEqualTo(Double.valueOf(expected.resetCorrection()));
            assertThat(Double.valueOf(slid.increase(0, paneCount * 15_000L)))
                    .isEqualTo(Double.valueOf(expected.increase(0, paneCount * 15_000L)));
            // windows of a run only move forward, sometimes past everything merged so far
            from = Math.min(paneCount, from + (random.nextInt(4) == 0 ? random.nextInt(paneCount) : random.nextInt(3)));
            to = Math.max(from, Math.min(paneCount, to + random.nextInt(4)));
        }
    }
}
