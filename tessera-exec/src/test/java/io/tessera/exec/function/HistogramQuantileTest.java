package io.tessera.exec.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class HistogramQuantileTest {

    private static final double INF = Double.POSITIVE_INFINITY;

    private static double q(double q, double[] bounds, double[] counts) {
        return HistogramQuantile.bucketQuantile(q, bounds.clone(), counts.clone(), bounds.length, new boolean[1]);
    }

    @Test
    void interpolatesInsideTheBucket() {
        // Prometheus' histograms.test at 50m: le 0.1:50 .2:70 1:110 +Inf:120.
        double[] bounds = {0.1, 0.2, 1, INF};
        double[] counts = {50, 70, 110, 120};
        assertThat(q(0.5, bounds, counts)).isCloseTo(0.15, within(1e-12));
        assertThat(q(0, bounds, counts)).isEqualTo(0);
        assertThat(q(0.25, bounds, counts)).isCloseTo(0.06, within(1e-12)); // rank 30 in (0, 0.1]
        assertThat(q(0.95, bounds, counts))
                .as("the +Inf bucket answers the last finite bound")
                .isEqualTo(1);
        assertThat(q(1, bounds, counts)).isEqualTo(1);
    }

    @Test
    void negativeLowestBucketIsNotInterpolatedFromZero() {
        double[] bounds = {-0.2, -0.1, 0.3, INF};
        double[] counts = {10, 20, 20, 30};
        assertThat(q(0.5, bounds, counts)).isCloseTo(-0.15, within(1e-12));
        assertThat(q(0.1, bounds, counts)).isEqualTo(-0.2);
    }

    @Test
    void unsortedAndRepeatedBoundsAreMerged() {
        double[] bounds = {INF, 1, 0.1, 1};
        double[] counts = {120, 60, 50, 50};
        // merged: 0.1:50, 1:110, +Inf:120
        assertThat(q(0.5, bounds, counts)).isCloseTo(0.1 + 0.9 * (10.0 / 60), within(1e-12));
    }

    @Test
    void specialCases() {
        assertThat(q(Double.NaN, new double[] {1, INF}, new double[] {1, 2})).isNaN();
        assertThat(q(-0.1, new double[] {1, INF}, new double[] {1, 2})).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(q(1.1, new double[] {1, INF}, new double[] {1, 2})).isEqualTo(INF);
        assertThat(q(0.5, new double[] {1, 2}, new double[] {1, 2}))
                .as("no +Inf bucket")
                .isNaN();
        assertThat(q(0.5, new double[] {INF}, new double[] {2}))
                .as("a single bucket")
                .isNaN();
        assertThat(q(0.5, new double[] {1, INF}, new double[] {0, 0}))
                .as("no observations")
                .isNaN();
    }

    @Test
    void decreasingCountsAreForcedMonotonicAndReported() {
        boolean[] forced = new boolean[1];
        double v = HistogramQuantile.bucketQuantile(
                0.5, new double[] {1, 2, 3, INF}, new double[] {10, 5, 20, 20}, 4, forced);
        // envelope: 10, 10, 20, 20; rank 10 falls in the first bucket
        assertThat(v).isCloseTo(1, within(1e-12));
        assertThat(forced[0]).isTrue();

        forced[0] = false;
        HistogramQuantile.bucketQuantile(0.5, new double[] {1, 2, INF}, new double[] {10, 10 - 1e-14, 10}, 3, forced);
        assertThat(forced[0]).as("float noise is evened out silently").isFalse();
    }

    @Test
    void parsesBucketBoundsAsGo() {
        assertThat(GoFloat.parse("+Inf")).isEqualTo(INF);
        assertThat(GoFloat.parse("inf")).isEqualTo(INF);
        assertThat(GoFloat.parse("-Inf")).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(GoFloat.parse(".2")).isEqualTo(0.2);
        assertThat(GoFloat.parse("1e0")).isEqualTo(1);
        assertThat(GoFloat.parse("0x1p-2")).isEqualTo(0.25);
        assertThat(GoFloat.parse("1d")).isNaN();
        assertThat(GoFloat.parse(" 1")).isNaN();
        assertThat(GoFloat.parse("Infinityx")).isNaN();
        assertThat(GoFloat.parse("")).isNaN();
    }
}
