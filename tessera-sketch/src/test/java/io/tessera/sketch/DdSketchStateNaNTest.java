package io.tessera.sketch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * DDSketch states of samples holding NaN, ±Inf and stale markers against brute force: the answer
 * stands for the sample of rank floor(q·(n−1)) in Prometheus' order (NaN, −∞, finite values, +∞)
 * over all samples; NaN and infinite ones exactly, finite ones within the relative accuracy.
 */
class DdSketchStateNaNTest {

    @ParameterizedTest
    @CsvSource({
        "1, 0.01, 20000, 0.01, 8",
        "2, 0.01, 5000, 0.3, 50",
        "3, 0.02, 1000, 0.6, 3",
        "4, 0.01, 40, 0.1, 1",
        "5, 0.05, 3000, 1.0, 4",
        "6, 0.01, 20000, 0.0, 16"
    })
    void mergedPaneStatesAnswerTheSampleOfTheFloorRank(long seed, double alpha, int n, double nanShare, int panes) {
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] samples = QuantileOracle.samples(rnd, n, nanShare);
        QuantileOracle oracle = new QuantileOracle(samples);
        DdSketchState merged = new DdSketchState(alpha);
        for (int p = 0; p < panes; p++) {
            DdSketchState pane = new DdSketchState(alpha);
            pane.update(new long[n], samples, (int) ((long) n * p / panes), (int) ((long) n * (p + 1) / panes));
            merged.merge(p % 2 == 0 ? pane : DdSketchState.deserialize(pane.serialize()));
        }
        assertThat(merged.count()).isEqualTo(oracle.size());
        assertThat(merged.nanCount()).isEqualTo(oracle.nanCount());
        DdSketchState decoded = DdSketchState.deserialize(merged.serialize());
        assertThat(decoded.serialize()).isEqualTo(merged.serialize());
        for (double q : new double[] {0, 0.01, 0.5, 0.99, 1}) {
            double expected = oracle.atFloorRank(q);
            double answer = merged.quantile(q);
            String what = "seed " + seed + " q=" + q + ": " + answer + " vs " + expected;
            if (Double.isNaN(expected) || Double.isInfinite(expected)) {
                assertThat(Double.compare(answer, expected)).as(what).isZero();
            } else {
                assertThat(Math.abs(answer - expected))
                        .as(what)
                        .isLessThanOrEqualTo(alpha * Math.abs(expected) + 1e-12);
            }
            assertThat(Double.compare(decoded.quantile(q), answer))
                    .as(what + " after a round trip")
                    .isZero();
        }
    }

    @org.junit.jupiter.api.Test
    void versionOneBytesReadAsNoNaNOrInfinityAndUnknownVersionsAreRejected() {
        DdSketchState state = new DdSketchState(0.01);
        SplittableRandom rnd = new SplittableRandom(5);
        for (int i = 0; i < 300; i++) {
            state.update(i, rnd.nextGaussian());
        }
        byte[] current = state.serialize();
        assertThat(current[2]).isEqualTo((byte) 2);
        // version 1: the header, the relative accuracy, then the sketch's block
        byte[] v1 = new byte[current.length - 24];
        System.arraycopy(current, 0, v1, 0, 11);
        v1[2] = 1;
        System.arraycopy(current, 35, v1, 11, current.length - 35);
        assertThat(DdSketchState.deserialize(v1).serialize()).isEqualTo(current);
        byte[] unknown = current.clone();
        unknown[2] = 3;
        assertThatThrownBy(() -> StateCodec.deserialize(unknown))
                .isInstanceOf(StateFormatException.class)
                .hasMessageContaining("unsupported DDSKETCH format version 3");
    }
}
