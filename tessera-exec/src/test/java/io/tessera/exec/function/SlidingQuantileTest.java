package io.tessera.exec.function;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A window kept sorted from step to step against selection among the window's samples at every
 * step: windows that move forward by a little or a lot, grow, shrink and jump, over values with
 * duplicates, NaNs, both zeros and infinities, at quantiles inside and outside [0, 1].
 */
class SlidingQuantileTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void givesWhatSelectionGivesAtEveryStep(long seed) {
        Random random = new Random(seed);
        double[] pool = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1, 2, 2, 3};
        double[] vs = new double[5_000];
        for (int i = 0; i < vs.length; i++) {
            vs[i] = random.nextInt(6) == 0
                    ? pool[random.nextInt(pool.length)]
                    : Math.round(random.nextGaussian() * 100) / 10.0;
        }
        double[] qs = {0, 0.01, 0.25, 0.5, 0.9, 0.99, 1, -0.5, 1.5, Double.NaN};
        SlidingQuantile sliding = new SlidingQuantile();
        int compared = 0;
        for (int round = 0; round < 20; round++) {
            sliding.reset(vs, 0, vs.length);
            int from = random.nextInt(100);
            int to = from + 1 + random.nextInt(300);
            while (to <= vs.length) {
                double q = qs[random.nextInt(qs.length)];
                double expected = Quantiles.quantileBySelection(q, Arrays.copyOfRange(vs, from, to), to - from);
                double actual = sliding.quantile(q, vs, from, to);
                assertThat(Double.doubleToLongBits(actual))
                        .as("q=%s over [%d, %d)", q, from, to)
                        .isEqualTo(Double.doubleToLongBits(expected));
                compared++;
                int kind = random.nextInt(10);
                int step = kind < 7 ? random.nextInt(8) : kind < 9 ? random.nextInt(60) : random.nextInt(400);
                from += step;
                to += kind == 3 ? step + random.nextInt(5) : Math.max(0, step - random.nextInt(3));
                to = Math.max(to, from + 1);
            }
        }
        assertThat(compared).isGreaterThan(1_000);
    }
}
