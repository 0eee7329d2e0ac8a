package io.tessera.sketch;

import static io.tessera.sketch.Close.assertClose;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.StaleMarker;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ExactFamiliesTest {

    private static final double TOL = 1e-9;

    static List<Arguments> seeds() {
        return DistributionSeeds.of(7919);
    }

    /** What each exact family must answer, computed directly from the raw samples. */
    private record Direct(
            long count, double sum, double mean, double min, double max, double variance, double last, long lastTs) {

        static Direct of(Series s) {
            long n = 0;
            BigDecimal exact = BigDecimal.ZERO;
            double min = Double.NaN;
            double max = Double.NaN;
            double last = Double.NaN;
            long lastTs = Long.MIN_VALUE;
            for (int i = 0; i < s.size(); i++) {
                double v = s.values()[i];
                if (StaleMarker.isStale(v)) {
                    continue;
                }
                n++;
                exact = exact.add(new BigDecimal(v));
                min = Double.isNaN(min) || v < min ? v : min;
                max = Double.isNaN(max) || v > max ? v : max;
                last = v;
                lastTs = s.ts()[i];
            }
            double mean = n == 0
                    ? Double.NaN
                    : exact.divide(BigDecimal.valueOf(n), MathContext.DECIMAL128)
                            .doubleValue();
            double m2 = 0;
            for (double v : s.ordinaryValues()) {
                m2 += (v - mean) * (v - mean);
            }
            return new Direct(n, exact.doubleValue(), mean, min, max, n == 0 ? Double.NaN : m2 / n, last, lastTs);
        }
    }

    private static void check(
            Direct d,
            SumState sum,
            CountState count,
            MinState min,
            MaxState max,
            AvgState avg,
            VarianceState var,
            LastState last,
            PresentState present,
            String how) {
        assertThat(count.value()).as(how + " count").isEqualTo(d.count);
        assertThat(sum.isEmpty()).isEqualTo(d.count == 0);
        assertClose(sum.value(), d.sum, TOL, how + " sum");
        assertClose(min.value(), d.min, TOL, how + " min");
        assertClose(max.value(), d.max, TOL, how + " max");
        assertClose(avg.value(), d.mean, TOL, how + " avg");
        assertClose(var.variance(), d.variance, TOL, how + " stdvar");
        assertClose(var.stddev(), Math.sqrt(d.variance), TOL, how + " stddev");
        assertClose(last.value(), d.last, TOL, how + " last");
        assertThat(last.timestamp()).as(how + " last ts").isEqualTo(d.lastTs);
        assertThat(present.isEmpty()).as(how + " present").isEqualTo(d.count == 0);
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("seeds")
    void exactFamiliesEqualDirectComputationWholeAndMerged(Distribution dist, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Series s = Series.of(dist, rnd, rnd.nextInt(0, 2000), 1_000_000, 0.05);
        Direct d = Direct.of(s);
        check(
                d,
                Series.whole(s, SumState::new),
                Series.whole(s, CountState::new),
                Series.whole(s, MinState::new),
                Series.whole(s, MaxState::new),
                Series.whole(s, AvgState::new),
                Series.whole(s, VarianceState::new),
                Series.whole(s, LastState::new),
                Series.whole(s, PresentState::new),
                "whole");
        for (int trial = 0; trial < 4; trial++) {
            int[] cuts = Series.cuts(rnd, s.size(), rnd.nextInt(1, 16));
            check(
                    d,
                    merged(s, cuts, SumState::new, rnd),
                    merged(s, cuts, CountState::new, rnd),
                    merged(s, cuts, MinState::new, rnd),
                    merged(s, cuts, MaxState::new, rnd),
                    merged(s, cuts, AvgState::new, rnd),
                    merged(s, cuts, VarianceState::new, rnd),
                    merged(s, cuts, LastState::new, rnd),
                    merged(s, cuts, PresentState::new, rnd),
                    "merged " + (cuts.length - 1) + " panes");
        }
    }

    @SuppressWarnings("unchecked")
    private static <S extends State> S merged(Series s, int[] cuts, Supplier<S> factory, SplittableRandom rnd) {
        State[] panes = s.panes(cuts, factory, rnd);
        return (S) Series.mergeTree(panes, 0, panes.length, rnd);
    }

    private static Series load(double... values) {
        long[] ts = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            ts[i] = i * 10_000L;
        }
        return new Series(ts, values);
    }

    /** Every split into two panes, merged in both call orders, gives the answer of the whole. */
    private static <S extends State> void eachSplit(
            Series s,
            Supplier<S> factory,
            java.util.function.ToDoubleFunction<S> answer,
            double expected,
            String what) {
        S whole = Series.whole(s, factory);
        assertClose(answer.applyAsDouble(whole), expected, 1e-12, what + " whole");
        for (int cut = 0; cut <= s.size(); cut++) {
            for (boolean forward : new boolean[] {true, false}) {
                S a = factory.get();
                S b = factory.get();
                a.update(s.ts(), s.values(), 0, cut);
                b.update(s.ts(), s.values(), cut, s.size());
                S m = forward ? a : b;
                m.merge(forward ? b : a);
                assertClose(
                        answer.applyAsDouble(m),
                        expected,
                        1e-12,
                        what + " split at " + cut + (forward ? "" : " reversed"));
            }
        }
    }

    // Hand-copied from functions.test, "Tests for *_over_time": data{type=...} at 10s steps, evaluated over all three
    // samples.
    @Test
    void minMaxLastCountWithNaNAsPrometheus() {
        double nan = Double.NaN;
        double[][] data = {{2, 0, 3}, {2, 0, nan}, {2, nan, 1}, {nan, 0, 1}, {nan, nan, nan}};
        double[] min = {0, 0, 1, 0, nan};
        double[] max = {3, 2, 2, 1, nan};
        double[] last = {3, nan, 1, 1, nan};
        for (int i = 0; i < data.length; i++) {
            Series s = load(data[i]);
            eachSplit(s, MinState::new, MinState::value, min[i], "min_over_time " + i);
            eachSplit(s, MaxState::new, MaxState::value, max[i], "max_over_time " + i);
            eachSplit(s, LastState::new, LastState::value, last[i], "last_over_time " + i);
            eachSplit(s, CountState::new, c -> c.value(), 3, "count_over_time " + i);
        }
    }

    // Hand-copied from functions.test, "Tests for avg_over_time" and "More tests for extreme values".
    @Test
    void avgAndSumOverTimeSpecialValuesAsPrometheus() {
        double inf = Double.POSITIVE_INFINITY;
        double big = 9.988465674311579e+307;
        eachSplit(load(1, 2, 3, 4, 5), AvgState::new, AvgState::value, 3, "metric");
        eachSplit(load(1, 2, 3, 4, inf), AvgState::new, AvgState::value, inf, "metric2");
        eachSplit(load(1, 2, 3, 4, -inf), AvgState::new, AvgState::value, -inf, "metric3");
        eachSplit(load(1, 2, 3, inf, -inf), AvgState::new, AvgState::value, Double.NaN, "metric4");
        eachSplit(load(inf, 0, inf), AvgState::new, AvgState::value, inf, "metric5");
        eachSplit(load(inf, inf, inf, -inf), AvgState::new, AvgState::value, Double.NaN, "metric5c");
        eachSplit(load(-inf, 0, -inf), AvgState::new, AvgState::value, -inf, "metric6b");
        eachSplit(load(1, 2, -inf, -inf, inf), AvgState::new, AvgState::value, Double.NaN, "metric7");
        eachSplit(load(big, big), AvgState::new, AvgState::value, big, "metric8 avg");
        eachSplit(load(big, big), SumState::new, SumState::value, inf, "metric8 sum");
        eachSplit(load(-big, -big, -big), AvgState::new, AvgState::value, -big, "metric9 avg");
        eachSplit(load(-big, big), AvgState::new, AvgState::value, 0, "metric10");
        eachSplit(load(1, 2, 3), AvgState::new, AvgState::value, 2, "metric11 at 20s");
        eachSplit(load(1, 2, 3, Double.NaN, Double.NaN), AvgState::new, AvgState::value, Double.NaN, "metric11");
        eachSplit(load(1, 1e100, 1, -1e100), SumState::new, SumState::value, 2, "big intermediate sum");
        eachSplit(load(1, 1e100, 1, -1e100), AvgState::new, AvgState::value, 0.5, "big intermediate avg");
        eachSplit(
                load(1e10, 1e-6, 1e-6, 1e-6, 1e-6, 1e-6),
                AvgState::new,
                AvgState::value,
                1.6666666666666675e+09,
                "metric1 extreme");
        eachSplit(
                load(-1.78264E+50, 0.76342771, 1.9592258, 2.258E+220, 7.69805412, -458.90154),
                AvgState::new,
                AvgState::value,
                3.76333333333333E+219,
                "metric6 extreme");
        eachSplit(
                load(-1.78264E+215, 0.76342771, 1.9592258, 2.258E+220, 7.69805412, 1.78264E+215, -458.90154),
                AvgState::new,
                AvgState::value,
                3.225714285714286e+219,
                "metric9 extreme");
    }

    // functions.test: "foo 52+0x100" must average to exactly 52; "metric 1+0x4000" at 1ms sums to exact integers.
    @Test
    void constantSeriesAverageAndSumExactly() {
        double[] v = new double[101];
        java.util.Arrays.fill(v, 52);
        Series s = load(v);
        for (int cut = 0; cut <= v.length; cut += 7) {
            AvgState a = new AvgState();
            AvgState b = new AvgState();
            a.update(s.ts(), s.values(), 0, cut);
            b.update(s.ts(), s.values(), cut, v.length);
            b.merge(a);
            assertThat(b.value()).isEqualTo(52.0);
        }
        SumState sum = new SumState();
        for (int i = 0; i < 3003; i++) {
            sum.update(i, 1.0);
        }
        assertThat(sum.value()).isEqualTo(3003.0);
    }

    // functions.test, "Tests for stddev_over_time and stdvar_over_time": metric 0 8 8 2 3 -> 10.56 / 3.249615,
    // and three equal samples 1.5990505637277868 -> 0.
    @Test
    void varianceAsPrometheus() {
        eachSplit(load(0, 8, 8, 2, 3), VarianceState::new, VarianceState::variance, 10.56, "stdvar");
        Series same = load(1.5990505637277868, 1.5990505637277868, 1.5990505637277868);
        for (int cut = 0; cut <= 3; cut++) {
            VarianceState a = new VarianceState();
            VarianceState b = new VarianceState();
            a.update(same.ts(), same.values(), 0, cut);
            b.update(same.ts(), same.values(), cut, 3);
            a.merge(b);
            assertThat(a.variance()).isEqualTo(0.0);
        }
        VarianceState st = Series.whole(load(0, 8, 8, 2, 3), VarianceState::new);
        assertThat(st.stddev()).isCloseTo(3.249615, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void staleMarkersAreNeverSamples() {
        Series s = load(StaleMarker.VALUE, 5, StaleMarker.VALUE, 7, StaleMarker.VALUE);
        assertThat(Series.whole(s, CountState::new).value()).isEqualTo(2);
        assertThat(Series.whole(s, SumState::new).value()).isEqualTo(12);
        assertThat(Series.whole(s, MinState::new).value()).isEqualTo(5);
        assertThat(Series.whole(s, MaxState::new).value()).isEqualTo(7);
        assertThat(Series.whole(s, AvgState::new).value()).isEqualTo(6);
        assertThat(Series.whole(s, LastState::new).value()).isEqualTo(7);
        assertThat(Series.whole(s, VarianceState::new).variance()).isEqualTo(1);
        PresentState p = new PresentState();
        p.update(1, StaleMarker.VALUE);
        assertThat(p.isEmpty()).isTrue();
        p.update(2, Double.NaN);
        assertThat(p.isEmpty()).isFalse();
        assertThat(p.value()).isEqualTo(1);
    }

    @Test
    void emptyStatesHaveNoValue() {
        assertThat(new SumState().isEmpty()).isTrue();
        assertThat(new MinState().value()).isNaN();
        assertThat(new AvgState().value()).isNaN();
        assertThat(new VarianceState().variance()).isNaN();
        assertThat(new LastState().value()).isNaN();
        assertThat(new PresentState().value()).isNaN();
        SumState s = new SumState();
        s.merge(new SumState());
        assertThat(s.isEmpty()).isTrue();
    }

    @Test
    void mergingAnotherFamilyOrItselfIsRejected() {
        SumState s = new SumState();
        assertThatThrownBy(() -> s.merge(new CountState()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("COUNT")
                .hasMessageContaining("SUM");
        assertThatThrownBy(() -> s.merge(s)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> s.merge(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void copyIsIndependent() {
        SumState s = new SumState();
        s.update(1, 1.0);
        SumState c = (SumState) s.copy();
        c.update(2, 2.0);
        assertThat(s.value()).isEqualTo(1.0);
        assertThat(c.value()).isEqualTo(3.0);
    }
}
