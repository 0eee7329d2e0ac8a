package io.tessera.sketch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.StaleMarker;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The kept samples, their sentinel and the running sum of drops against a brute-force walk. */
class SampleRunStateTest {

    @Test
    void dropsAreSummedAsTheCounterStateCorrectsThem() {
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
            for (int from = 0; from < n; from += 7) {
                for (int to = from + 1; to < n; to += 5) {
                    CounterState brute = new CounterState();
                    brute.update(ts, vs, from, to + 1);
                    double[] d = merged.dropsBefore();
                    double correction = d == null ? 0 : d[to] - d[from];
                    assertThat(correction).as("drops between " + from + " and " + to).isEqualTo(brute.resetCorrection());
                    assertThat(merged.time(to)).isEqualTo(ts[to]);
                }
            }
            assertThat(merged.offsets()[n]).isEqualTo(Integer.MAX_VALUE);
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
        assertThat(s.offsets()).containsExactly(0, 20, Integer.MAX_VALUE);
    }
}
