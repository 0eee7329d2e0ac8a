package io.tessera.sketch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.StaleMarker;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The kept samples: merged in either order, packed into shared arrays, stale markers skipped, order checked. */
class SampleRunStateTest {

    @Test
    void runsMergeInEitherOrderAndPackIntoSharedArrays() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int trial = 0; trial < 50; trial++) {
            int n = 2 + rnd.nextInt(300);
            long[] ts = new long[n];
            double[] vs = new double[n];
            for (int i = 0; i < n; i++) {
                ts[i] = 1_000_000 + i * 1_000L + rnd.nextInt(900);
                vs[i] = rnd.nextInt(20) == 0 ? rnd.nextInt(10) : 100 + rnd.nextInt(50);
            }
            // split at a random point and merged back in either order
            int cut = rnd.nextInt(n);
            SampleRunState early = new SampleRunState();
            early.update(ts, vs, 0, cut);
            SampleRunState late = new SampleRunState();
            late.update(ts, vs, cut, n);
            SampleRunState merged = rnd.nextBoolean() ? early.copy() : late.copy();
            merged.merge(merged.base() == early.base() && !early.isEmpty() ? late : early);
            assertThat(merged.count()).isEqualTo(n);
            SampleRunState.pack(java.util.List.of(early, late, merged));
            assertThat(merged.values()).as("packed runs share one array").isSameAs(early.values());
            assertThat(merged.offsets()).isSameAs(late.offsets());
            for (int i = 0; i < n; i++) {
                assertThat(merged.time(i)).isEqualTo(ts[i]);
                assertThat(merged.value(i)).isEqualTo(vs[i]);
            }
        }
    }

    @Test
    void staleMarkersAreNotSamplesAndOrderIsChecked() {
        SampleRunState s = new SampleRunState();
        s.update(10, 1);
        s.update(20, StaleMarker.VALUE);
        s.update(30, Double.NaN);
        assertThat(s.count()).isEqualTo(2);
        assertThat(s.finite()).isFalse();
        assertThatThrownBy(() -> s.update(30, 2)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("ascending");
        assertThatThrownBy(() -> s.update(30L + Integer.MAX_VALUE, 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("spans at most");
        s.trim();
        assertThat(s.values()).as("trimmed to its samples").hasSize(2);
        assertThat(s.time(1)).isEqualTo(30);
        s.update(40, 0.5);
        assertThat(s.count()).as("a packed run takes more samples").isEqualTo(3);
    }
}
