package io.tessera.sketch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.StaleMarker;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * KLL states of samples holding NaN (and ±Inf, stale markers) against brute force over the
 * samples in Prometheus' order, NaN first: NaN exactly where the exact quantile is NaN, otherwise
 * a rank error within the stated bound measured over all samples, NaN included; through merges of
 * many pane states, the serialized form and the compact words.
 */
class KllStateNaNTest {

    private static final double[] QS = {0, 0.01, 0.5, 0.99, 1};

    @ParameterizedTest
    @CsvSource({
        "1, 200, 20000, 0.01, 8",
        "2, 200, 20000, 0.3, 16",
        "3, 64, 5000, 0.6, 64",
        "4, 200, 150, 0.2, 4",
        "5, 8, 1000, 0.05, 100",
        "6, 200, 3000, 1.0, 5",
        "7, 200, 20000, 0.5, 200",
        "8, 16, 10, 0.5, 3",
        "9, 200, 40000, 0.004, 40",
        "10, 32, 31, 0.03, 1"
    })
    void mergedPaneStatesAnswerAsTheExactQuantileWithNaNFirst(long seed, int k, int n, double nanShare, int panes) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] samples = QuantileOracle.samples(rnd, n, nanShare);
        QuantileOracle oracle = new QuantileOracle(samples);
        KllState merged = mergedPanes(samples, k, panes, rnd);
        double bound = merged.errorBound().error();
        assertThat(merged.isEmpty()).isEqualTo(oracle.size() == 0);
        assertThat(merged.count() + merged.nanCount()).isEqualTo(oracle.size());
        assertThat(merged.nanCount()).isEqualTo(oracle.nanCount());
        KllState decoded = KllState.deserialize(merged.serialize());
        assertThat(decoded.serialize()).isEqualTo(merged.serialize());
        for (double q : QS) {
            double exact = oracle.quantile(q);
            double answer = merged.quantile(q);
            String what = "seed " + seed + " q=" + q + ": " + answer + " vs exact " + exact;
            assertThat(Double.isNaN(answer)).as(what).isEqualTo(Double.isNaN(exact));
            if (!Double.isFinite(exact)) {
                // the ranks around hold a NaN or an infinity, which the state counts exactly
                assertThat(Double.compare(answer, exact)).as(what).isZero();
            } else {
                assertThat(oracle.rankError(q, answer)).as(what).isLessThanOrEqualTo(bound);
                if (q == 0 || q == 1) {
                    assertThat(answer).as(what + " (the exact extreme)").isEqualTo(exact);
                }
            }
            assertThat(Double.compare(decoded.quantile(q), answer))
                    .as(what + " after a round trip")
                    .isZero();
        }
    }

    /** One state per contiguous pane of the samples, some panes through their bytes or compact words, merged in order. */
    private static KllState mergedPanes(double[] samples, int k, int panes, SplittableRandom rnd) {
        KllState merged = new KllState(k);
        int n = samples.length;
        for (int p = 0; p < panes; p++) {
            int from = (int) ((long) n * p / panes);
            int to = (int) ((long) n * (p + 1) / panes);
            KllState pane = new KllState(k);
            if (rnd.nextBoolean()) {
                pane.update(new long[n], samples, from, to);
            } else {
                for (int i = from; i < to; i++) {
                    pane.update(i, samples[i]);
                }
            }
            merged.merge(
                    switch (p % 3) {
                        case 0 -> pane;
                        case 1 -> KllState.deserialize(pane.serialize());
                        default -> throughWords(pane);
                    });
        }
        return merged;
    }

    private static KllState throughWords(KllState state) {
        int words = state.compactWords();
        if (words < 0) {
            return state;
        }
        long[] arena = new long[words + 2];
        state.writeCompact(arena, 2);
        return (KllState) StateWords.readCompact(StateFamily.KLL, arena, 2, words);
    }

    @Test
    void onlyNaNOrOnlyStaleMarkers() {
        KllState nan = new KllState();
        nan.update(1, Double.NaN);
        nan.update(2, StaleMarker.VALUE);
        assertThat(nan.isEmpty()).isFalse();
        for (double q : QS) {
            assertThat(nan.quantile(q)).isNaN();
        }
        KllState stale = new KllState();
        stale.update(new long[2], new double[] {StaleMarker.VALUE, StaleMarker.VALUE}, 0, 2);
        assertThat(stale.isEmpty()).isTrue();
        assertThat(KllState.deserialize(stale.serialize()).isEmpty()).isTrue();
        stale.merge(nan);
        assertThat(stale.isEmpty()).isFalse();
        assertThat(stale.quantile(1)).isNaN();
    }

    @ParameterizedTest
    @CsvSource({"500, 0", "40, 7", "40, 0"})
    void versionOneBytesReadAsNoNaNAndUnknownVersionsAreRejected(int n, int infinityEvery) {
        // version 1 kept no counts: its infinities are counted from the sketch, exactly while it holds every value
        KllState state = new KllState(64);
        SplittableRandom rnd = new SplittableRandom(11);
        for (int i = 0; i < n; i++) {
            state.update(
                    i, infinityEvery > 0 && i % infinityEvery == 0 ? Double.POSITIVE_INFINITY : rnd.nextGaussian());
        }
        byte[] current = KllState.deserialize(state.serialize()).serialize();
        assertThat(current[2]).isEqualTo((byte) 2);
        // version 1: the header, k, then the sketch's block; no counts of NaN and infinities
        byte[] v1 = new byte[current.length - 24];
        System.arraycopy(current, 0, v1, 0, 7);
        v1[2] = 1;
        System.arraycopy(current, 31, v1, 7, current.length - 31);
        KllState old = KllState.deserialize(v1);
        assertThat(old.nanCount()).isZero();
        assertThat(old.serialize()).isEqualTo(current);
        for (int version : new int[] {0, 3}) {
            byte[] unknown = current.clone();
            unknown[2] = (byte) version;
            assertThatThrownBy(() -> StateCodec.deserialize(unknown))
                    .isInstanceOf(StateFormatException.class)
                    .hasMessageContaining("unsupported KLL format version " + version);
        }
        byte[] negative = current.clone();
        Arrays.fill(negative, 7, 15, (byte) 0xff);
        assertThatThrownBy(() -> StateCodec.deserialize(negative))
                .isInstanceOf(StateFormatException.class)
                .hasMessageContaining("NaN count is negative");
    }
}
