package io.tessera.exec.view.panes;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.exec.function.Quantiles;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * High quantiles of sorted blocks and loose values, found by walking down from the runs' tops,
 * against one selection over all the values copied together (NaNs, ties, ±0 and infinities in).
 */
class BlockQuantilesTopTest {

    @Test
    void highQuantilesAreThoseOfAllTheValuesTogether() {
        SplittableRandom random = new SplittableRandom(11);
        BlockQuantiles quantiles = new BlockQuantiles();
        for (int round = 0; round < 3_000; round++) {
            int blocks = random.nextInt(0, 8);
            List<PaneBlocks.Values> whole = new ArrayList<>();
            List<Double> all = new ArrayList<>();
            for (int b = 0; b < blocks; b++) {
                double[] sorted = values(random, random.nextInt(0, 40), false);
                Arrays.sort(sorted);
                int nans = random.nextInt(10) == 0 ? random.nextInt(1, 3) : 0;
                whole.add(new PaneBlocks.Values(new double[][] {sorted}, new int[] {nans}));
                for (double v : sorted) {
                    all.add(v);
                }
                for (int k = 0; k < nans; k++) {
                    all.add(Double.NaN);
                }
            }
            double[] loose = values(random, random.nextInt(0, 30), true);
            for (double v : loose) {
                all.add(v);
            }
            double q = new double[] {0.9, 0.95, 0.97, 0.99, 0.999, 1}[random.nextInt(6)];
            double actual = quantiles.quantile(q, loose.clone(), loose.length, whole, 0);
            if (all.isEmpty()) {
                continue;
            }
            double[] together = all.stream().mapToDouble(Double::doubleValue).toArray();
            double expected = Quantiles.quantileBySelection(q, together, together.length);
            assertThat(Double.doubleToLongBits(actual))
                    .as("q %s of %s", q, all)
                    .isEqualTo(Double.doubleToLongBits(expected));
        }
    }

    private static double[] values(SplittableRandom random, int n, boolean withNaN) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = switch (random.nextInt(12)) {
                case 0 -> 0.0;
                case 1 -> -0.0;
                case 2 -> Double.POSITIVE_INFINITY;
                case 3 -> Double.NEGATIVE_INFINITY;
                case 4 -> withNaN ? Double.NaN : 1.0;
                case 5, 6 -> random.nextInt(3);
                default -> random.nextGaussian();
            };
        }
        return v;
    }
}
