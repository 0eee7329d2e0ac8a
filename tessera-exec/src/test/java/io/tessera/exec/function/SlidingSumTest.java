package io.tessera.exec.function;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Sums and means of windows from prefix sums against the exact sum of each window (in
 * {@link BigDecimal}), rounded once: within one unit in the last place where the prefix sums
 * answer, and left to the compensated summation where they must not (an infinity or NaN in the
 * window, or a sum cancelled among far larger values).
 */
class SlidingSumTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void sumsAndMeansWithinOneUlpOfTheExactSum(long seed) {
        Random random = new Random(seed);
        double[] vs = new double[6_000];
        for (int i = 0; i < vs.length; i++) {
            int kind = random.nextInt(20);
            vs[i] = kind == 0
                    ? random.nextGaussian() * 1e12
                    : kind == 1
                            ? random.nextGaussian() * 1e-9
                            : kind == 2 ? Math.round(random.nextGaussian() * 10) : random.nextGaussian() * 100 + 50;
        }
        for (boolean average : new boolean[] {false, true}) {
            SlidingSum sliding = new SlidingSum(average);
            double[] out = new double[1];
            int answered = 0;
            int windows = 0;
            for (int round = 0; round < 10; round++) {
                sliding.reset(vs, 0, vs.length);
                int from = random.nextInt(100);
                int to = from + 1 + random.nextInt(400);
                while (to <= vs.length) {
                    windows++;
                    if (sliding.apply(vs, from, to, new double[0], out)) {
                        answered++;
                        double exact = exactSum(vs, from, to).doubleValue();
                        double expected = average
                                ? exactSum(vs, from, to)
                                        .divide(BigDecimal.valueOf(to - from), MathContext.DECIMAL128)
                                        .doubleValue()
                                : exact;
                        double allowed = average ? 2 * Math.ulp(expected) : Math.ulp(expected);
                        assertThat(Math.abs(out[0] - expected))
                                .as("%s over [%d, %d)", average ? "avg" : "sum", from, to)
                                .isLessThanOrEqualTo(allowed);
                    }
                    int step = random.nextInt(10) < 8 ? random.nextInt(8) : random.nextInt(200);
                    from += step;
                    to = Math.max(to + Math.max(0, step - 2 + random.nextInt(5)), from + 1);
                }
            }
            assertThat(answered).as("windows answered from prefix sums").isGreaterThan(windows * 9 / 10);
        }
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
    void leavesWindowsWithInfinityOrNaNToCompensatedSummation(double special) {
        double[] vs = {1, 2, special, 4, 5, 6};
        SlidingSum sliding = new SlidingSum(false);
        sliding.reset(vs, 0, vs.length);
        double[] out = new double[1];
        assertThat(sliding.apply(vs, 0, 2, new double[0], out)).isTrue();
        assertThat(out[0]).isEqualTo(3);
        assertThat(sliding.apply(vs, 1, 4, new double[0], out)).isFalse();
        assertThat(sliding.apply(vs, 3, 6, new double[0], out)).isTrue();
        assertThat(out[0]).isEqualTo(15);
    }

    @ParameterizedTest
    @ValueSource(doubles = {1e17, 1e30, 1e300})
    void leavesSumsSmallAgainstTheValuesBeforeThemToCompensatedSummation(double large) {
        double[] vs = {large, 1, -large, 1e-3, 2e-3, 3, -3};
        SlidingSum sliding = new SlidingSum(false);
        sliding.reset(vs, 0, vs.length);
        double[] out = new double[1];
        assertThat(sliding.apply(vs, 0, 3, new double[0], out)).isFalse();
        assertThat(sliding.apply(vs, 5, 7, new double[0], out)).isFalse();
        assertThat(sliding.apply(vs, 3, 5, new double[0], out))
                .as("small values after large ones")
                .isFalse();
    }

    private static BigDecimal exactSum(double[] vs, int from, int to) {
        BigDecimal sum = BigDecimal.ZERO;
        for (int i = from; i < to; i++) {
            sum = sum.add(new BigDecimal(vs[i]));
        }
        return sum;
    }
}
