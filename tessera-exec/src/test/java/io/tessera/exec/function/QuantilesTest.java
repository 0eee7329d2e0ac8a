package io.tessera.exec.function;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Selection gives bit for bit the quantile the sort gives. */
class QuantilesTest {

    private static final double[] SPECIAL = {
        Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1, -1, 2.5
    };
    private static final double[] QS = {-0.5, 0, 0.01, 0.25, 0.5, 0.9, 0.99, 1, 1.5, Double.NaN};

    @Test
    void selectionAgreesWithSorting() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 20_000; round++) {
            int n = random.nextInt(round % 10 == 0 ? 400 : 40);
            double[] values = new double[n];
            int mode = random.nextInt(4);
            for (int i = 0; i < n; i++) {
                values[i] = switch (mode) {
                    case 0 -> random.nextGaussian();
                    case 1 -> random.nextInt(5);
                    case 2 -> SPECIAL[random.nextInt(SPECIAL.length)];
                    default -> i;
                };
            }
            if (mode == 3 && random.nextBoolean()) {
                for (int i = 0; i < n / 2; i++) {
                    double t = values[i];
                    values[i] = values[n - 1 - i];
                    values[n - 1 - i] = t;
                }
            }
            double q = random.nextInt(3) == 0 ? QS[random.nextInt(QS.length)] : random.nextDouble();
            double bySort = Quantiles.quantile(q, Arrays.copyOf(values, n), n);
            double bySelection = Quantiles.quantileBySelection(q, Arrays.copyOf(values, n), n);
            assertThat(Double.doubleToLongBits(bySelection))
                    .as("q=%s of %s", q, Arrays.toString(values))
                    .isEqualTo(Double.doubleToLongBits(bySort));
        }
    }
}
