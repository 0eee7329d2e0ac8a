package io.tessera.sketch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.StaleMarker;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class StateWordsTest {

    private static final Set<StateFamily> FIXED = EnumSet.of(
            StateFamily.SUM,
            StateFamily.COUNT,
            StateFamily.MIN,
            StateFamily.MAX,
            StateFamily.AVG,
            StateFamily.VARIANCE,
            StateFamily.LAST,
            StateFamily.PRESENT,
            StateFamily.COUNTER);
    private static final long SENTINEL = 0x5a5a_5a5a_5a5a_5a5aL;

    @ParameterizedTest
    @EnumSource(StateFamily.class)
    void fixedWidthFamiliesRoundTripThroughWordsBitForBit(StateFamily family) {
        if (!FIXED.contains(family)) {
            assertThat(StateWords.width(family)).isZero();
            assertThatThrownBy(() -> StateWords.read(family, new long[8], 0))
                    .isInstanceOf(IllegalArgumentException.class);
            return;
        }
        int width = StateWords.width(family);
        assertThat(width).isPositive();
        SplittableRandom rnd = new SplittableRandom(family.ordinal() * 31L + 7);
        for (int trial = 0; trial < 200; trial++) {
            State state = filled(family, rnd, trial % 20 == 0 ? 0 : 1 + rnd.nextInt(50));
            assertThat(state).isInstanceOf(FixedWidthState.class);
            int at = 1 + rnd.nextInt(5);
            long[] words = new long[at + width + 3];
            Arrays.fill(words, SENTINEL);
            ((FixedWidthState) state).writeWords(words, at);
            for (int i = 0; i < words.length; i++) {
                if (i < at || i >= at + width) {
                    assertThat(words[i])
                            .as("word %d outside the state's %d", i, width)
                            .isEqualTo(SENTINEL);
                }
            }
            State back = StateWords.read(family, words, at);
            assertThat(back.family()).isEqualTo(family);
            assertThat(back.serialize()).as("trial %d", trial).isEqualTo(state.serialize());
            // a state read back behaves as the original in merges, too
            State later = filled(family, rnd, 1 + rnd.nextInt(20), 10_000_000L);
            State a = state.copy();
            a.merge(later);
            back.merge(later);
            assertThat(back.serialize()).isEqualTo(a.serialize());
        }
    }

    @Test
    void kllStatesRoundTripThroughTheirCompactFormUntilTheyBuildASketch() {
        SplittableRandom rnd = new SplittableRandom(3);
        for (int n = 0; n <= 40; n++) {
            KllState state = new KllState(32);
            for (int i = 0; i < n; i++) {
                state.update(i, rnd.nextInt(10) == 0 ? Double.POSITIVE_INFINITY : rnd.nextGaussian());
            }
            if (n > 32) {
                assertThat(state.compactWords()).isEqualTo(-1);
                continue;
            }
            State back = compactRoundTrip(state, n);
            assertThat(back.serialize()).isEqualTo(state.serialize());
            if (n < 32) {
                // a merge past k compacts, which draws a random bit: compared only below k
                KllState more = new KllState(32);
                more.update(0, 1.5);
                ((KllState) back).merge(more);
                state.merge(more);
                assertThat(back.serialize()).isEqualTo(state.serialize());
            }
        }
        assertThatThrownBy(
                        () -> StateWords.readCompact(StateFamily.KLL, new long[] {8, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 0, 10))
                .hasMessageContaining("9 values");
    }

    @Test
    void kllStatesWithNaNKeepTheirNaNCountThroughTheirCompactForm() {
        SplittableRandom rnd = new SplittableRandom(5);
        for (int trial = 0; trial < 300; trial++) {
            KllState state = new KllState(16 + rnd.nextInt(3) * 50);
            int n = rnd.nextInt(state.k() + 1);
            int nan = trial % 3 == 0 ? 0 : rnd.nextInt(trial % 7 == 0 ? 1000 : 5);
            double[] samples = new double[n + nan + rnd.nextInt(3)];
            Arrays.fill(samples, StaleMarker.VALUE);
            for (int i = 0; i < n; i++) {
                samples[i] = rnd.nextInt(10) == 0 ? Double.NEGATIVE_INFINITY : rnd.nextGaussian();
            }
            for (int i = n; i < n + nan; i++) {
                // NaN payloads other than the stale marker's are ordinary NaN samples
                samples[i] = rnd.nextBoolean()
                        ? Double.NaN
                        : Double.longBitsToDouble(0x7ff8_0000_0000_0000L | rnd.nextInt(1 << 20));
            }
            shuffle(samples, rnd);
            for (int i = 0; i < samples.length; i++) {
                state.update(i, samples[i]);
            }
            QuantileOracle oracle = new QuantileOracle(samples);
            KllState back = compactRoundTrip(state, n);
            assertThat(back.serialize()).as("trial %d", trial).isEqualTo(state.serialize());
            assertThat(back.k()).isEqualTo(state.k());
            for (double q : new double[] {0, 0.01, 0.5, 0.99, 1}) {
                // NaN exactly where the exact quantile (NaN first) is NaN
                assertThat(Double.isNaN(back.quantile(q)))
                        .as("trial %d q=%s", trial, q)
                        .isEqualTo(Double.isNaN(oracle.quantile(q)));
                assertThat(Double.compare(back.quantile(q), state.quantile(q))).isZero();
            }
        }
    }

    private static void shuffle(double[] a, SplittableRandom rnd) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            double t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /** A state of {@code family} fed {@code n} samples 10 s apart, with NaN, infinite, huge, stale and negative-zero values among them. */
    private static State filled(StateFamily family, SplittableRandom rnd, int n) {
        return filled(family, rnd, n, 0);
    }

    private static State filled(StateFamily family, SplittableRandom rnd, int n, long from) {
        State state = EmptyStates.of(family);
        double level = rnd.nextDouble() * 100;
        for (int i = 0; i < n; i++) {
            double v = switch (rnd.nextInt(40)) {
                case 0 -> Double.NaN;
                case 1 -> StaleMarker.VALUE;
                case 2 -> rnd.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
                case 3 -> -0.0;
                case 4 -> 1e308;
                case 5 -> level = 0; // a counter reset
                default -> level += rnd.nextDouble() * 10;
            };
            state.update(from + 10_000L * (i + 1), v);
        }
        return state;
    }

    /** {@code state} of {@code n} values written in its compact form between two sentinels, which stay, and read back. */
    private static KllState compactRoundTrip(KllState state, int n) {
        assertThat(state.compactWords()).isEqualTo(n + 1);
        long[] words = new long[n + 3];
        Arrays.fill(words, SENTINEL);
        state.writeCompact(words, 1);
        assertThat(words[0]).isEqualTo(SENTINEL);
        assertThat(words[n + 2]).isEqualTo(SENTINEL);
        return (KllState) StateWords.readCompact(StateFamily.KLL, words, 1, n + 1);
    }
}
