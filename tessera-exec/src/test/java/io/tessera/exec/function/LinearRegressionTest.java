package io.tessera.exec.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tessera.exec.SampleTimes;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LinearRegressionTest {

    /** Slope and intercept at {@code t0} of the least-squares line, in exact decimal arithmetic. */
    private static double[] exactFit(long[] ts, double[] v, int from, int to, long t0) {
        MathContext mc = MathContext.DECIMAL128;
        BigDecimal n = BigDecimal.valueOf(to - from);
        BigDecimal sx = BigDecimal.ZERO;
        BigDecimal sy = BigDecimal.ZERO;
        for (int i = from; i < to; i++) {
            sx = sx.add(BigDecimal.valueOf(ts[i] - t0).divide(BigDecimal.valueOf(1000), mc));
            sy = sy.add(new BigDecimal(v[i]));
        }
        BigDecimal mx = sx.divide(n, mc);
        BigDecimal my = sy.divide(n, mc);
        BigDecimal cov = BigDecimal.ZERO;
        BigDecimal var = BigDecimal.ZERO;
        for (int i = from; i < to; i++) {
            BigDecimal dx = BigDecimal.valueOf(ts[i] - t0)
                    .divide(BigDecimal.valueOf(1000), mc)
                    .subtract(mx);
            cov = cov.add(dx.multiply(new BigDecimal(v[i]).subtract(my), mc));
            var = var.add(dx.multiply(dx, mc));
        }
        BigDecimal slope = cov.divide(var, mc);
        return new double[] {
            slope.doubleValue(), my.subtract(slope.multiply(mx, mc)).doubleValue()
        };
    }

    @Test
    void matchesAnExactLeastSquaresFitOnSeededData() {
        Random random = new Random(42);
        for (int round = 0; round < 200; round++) {
            int n = 2 + random.nextInt(60);
            long[] ts = new long[n + 3];
            double[] v = new double[n + 3];
            long t = 1_700_000_000_000L + random.nextInt(1_000_000);
            double slope = random.nextGaussian() * 10;
            for (int i = 0; i < ts.length; i++) {
                t += 1 + random.nextInt(30_000);
                ts[i] = t;
                v[i] = 1e6 + slope * i + random.nextGaussian() * 100;
            }
            int from = 1;
            int to = 1 + n;
            long evalT = ts[to - 1] + random.nextInt(60_000);
            double[] fit = new double[2];
            LinearRegression.fit(ts, v, from, to, evalT, fit);
            double[] exact = exactFit(ts, v, from, to, evalT);
            assertThat(fit[0])
                    .as("slope, round %d", round)
                    .isCloseTo(exact[0], within(1e-9 * Math.max(1, Math.abs(exact[0]))));
            assertThat(fit[1]).as("intercept, round %d", round).isCloseTo(exact[1], within(1e-9 * Math.abs(exact[1])));

            double[] out = new double[1];
            double duration = random.nextInt(7200);
            assertThat(LinearRegression.predict(TestWindows.of(ts, v, from, to, 0, 0, evalT, duration), out))
                    .isTrue();
            assertThat(out[0]).isCloseTo(exact[0] * duration + exact[1], within(1e-6 * Math.abs(exact[1])));
        }
    }

    @Test
    void reproducesPrometheusWorkedExample() {
        // functions.test: Y = 0 10 20 30 40 0 10 20 30 40 50 every 300 s; slope 0.010606…, intercept at 3000 s 38.636…
        long[] ts = SampleTimes.every(300_000L, 11);
        double[] v = {0, 10, 20, 30, 40, 0, 10, 20, 30, 40, 50};
        double[] fit = new double[2];
        LinearRegression.fit(ts, v, 0, 11, 3_000_000, fit);
        assertThat(fit[0]).isCloseTo(0.010606060606060607, within(1e-15));
        assertThat(fit[1]).isCloseTo(38.63636363636364, within(1e-12));
        double[] out = new double[1];
        LinearRegression.predict(TestWindows.of(ts, v, 0, 11, 0, 0, 3_000_000, 3600), out);
        assertThat(out[0]).isCloseTo(76.81818181818181, within(1e-12));
    }

    @Test
    void constantSeriesHasZeroSlopeAndInfiniteOnesNaN() {
        long[] ts = {0, 1000, 2000};
        double[] fit = new double[2];
        LinearRegression.fit(ts, new double[] {5, 5, 5}, 0, 3, 0, fit);
        assertThat(fit).containsExactly(0, 5);
        LinearRegression.fit(
                ts,
                new double[] {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY},
                0,
                3,
                0,
                fit);
        assertThat(fit[0]).isNaN();
        assertThat(fit[1]).isNaN();
    }

    @Test
    void needsTwoSamples() {
        double[] out = new double[1];
        assertThat(LinearRegression.deriv(TestWindows.of(new long[] {0}, new double[] {1}, 0, 1, 0, 0, 0), out))
                .isFalse();
    }
}
