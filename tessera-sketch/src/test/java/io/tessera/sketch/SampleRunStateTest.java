package io.tessera.sketch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.StaleMarker;
import java.util.SplittableRandom;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;

/**
 * The kept samples: merged in either order, packed into shared arrays, stale markers skipped,
 * order checked; a batch of samples kept as one by one, with the same drop, spacing and finite flags.
 */
class SampleRunStateTest {

    @Test
    void runsMergeInEitherOrderAndPackIntoSharedArrays() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int trial = 0; trial < 50; trial++) {
            int n = 2 + rnd.nextInt(300);
            Samples samples = Samples.of(
                    n,
                    i -> 1_000_000 + i * 1_000L + rnd.nextInt(900),
                    i -> rnd.nextInt(20) == 0 ? rnd.nextInt(10) : 100 + rnd.nextInt(50));
            long[] ts = samples.ts();
            double[] vs = samples.vs();
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
        assertThatThrownBy(() -> s.update(30, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ascending");
        assertThatThrownBy(() -> s.update(30L + Integer.MAX_VALUE, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("spans at most");
        s.trim();
        assertThat(s.values()).as("trimmed to its samples").hasSize(2);
        assertThat(s.time(1)).isEqualTo(30);
        s.update(40, 0.5);
        assertThat(s.count()).as("a packed run takes more samples").isEqualTo(3);
    }

    @Test
    void aBatchIsKeptAsSampleBySampleWithTheSameFlags() {
        SplittableRandom rnd = new SplittableRandom(11);
        for (int trial = 0; trial < 200; trial++) {
            int n = 1 + rnd.nextInt(60);
            boolean even = rnd.nextBoolean();
            Samples samples = Samples.of(n, i -> 5_000 + i * 1_000L + (even ? 0 : rnd.nextInt(900)), i -> {
                int kind = rnd.nextInt(30);
                return kind == 0 ? StaleMarker.VALUE : kind == 1 ? Double.NaN : even ? i : 100 + rnd.nextInt(50);
            });
            long[] ts = samples.ts();
            double[] vs = samples.vs();
            SampleRunState batch = new SampleRunState();
            SampleRunState single = new SampleRunState();
            int cut = rnd.nextInt(n + 1);
            batch.update(ts, vs, 0, cut);
            if (rnd.nextBoolean()) {
                batch.trim();
            }
            batch.update(ts, vs, cut, n);
            for (int i = 0; i < n; i++) {
                single.update(ts[i], vs[i]);
            }
            assertThat(batch.count()).isEqualTo(single.count());
            assertThat(batch.dropped()).isEqualTo(single.dropped());
            assertThat(batch.finite()).isEqualTo(single.finite());
            assertThat(batch.interval()).isEqualTo(single.interval());
            for (int i = 0; i < single.count(); i++) {
                assertThat(batch.time(i)).isEqualTo(single.time(i));
                assertThat(Double.doubleToRawLongBits(batch.value(i)))
                        .isEqualTo(Double.doubleToRawLongBits(single.value(i)));
            }
        }
        SampleRunState evenRun = new SampleRunState();
        evenRun.update(new long[] {100, 110, 120, 130}, new double[] {1, 2, 3, 4}, 0, 4);
        assertThat(evenRun.interval()).as("evenly spaced").isEqualTo(10);
        evenRun.update(new long[] {145}, new double[] {5}, 0, 1);
        assertThat(evenRun.interval()).as("no longer").isEqualTo(-1);
    }

    @Test
    void aBatchOutOfOrderKeepsTheSamplesBeforeIt() {
        SampleRunState s = new SampleRunState();
        assertThatThrownBy(() -> s.update(new long[] {10, 20, 20, 30}, new double[] {1, 2, 3, 4}, 0, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ascending");
        assertThat(s.count()).isEqualTo(2);
        assertThat(s.time(1)).isEqualTo(20);
        assertThatThrownBy(() -> s.update(new long[] {40, 40L + Integer.MAX_VALUE}, new double[] {1, 2}, 0, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("spans at most");
        assertThat(s.count()).isEqualTo(3);
    }

    /** n samples, each index's timestamp then value taken from the functions in index order. */
    private record Samples(long[] ts, double[] vs) {
        static Samples of(int n, IntToLongFunction time, IntToDoubleFunction value) {
            long[] ts = new long[n];
            double[] vs = new double[n];
            for (int i = 0; i < n; i++) {
                ts[i] = time.applyAsLong(i);
                vs[i] = value.applyAsDouble(i);
            }
            return new Samples(ts, vs);
        }
    }
}
