package io.tessera.exec.function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Re2Regex;
import io.tessera.exec.SampleTimes;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KernelsTest {

    private static final double[] NO_PARAMS = new double[0];

    private static double apply(RangeKernel k, double[] v, double... params) {
        long[] ts = SampleTimes.every(10_000L, v.length);
        double[] out = new double[1];
        long end = ts[ts.length - 1];
        assertThat(k.apply(TestWindows.of(ts, v, 0, v.length, -1, end, end, params), out))
                .isTrue();
        return out[0];
    }

    @Test
    void quantileSortsNaNFirstAsGo() {
        assertThat(Quantiles.quantile(0, new double[] {3, Double.NaN, 1})).isNaN();
        assertThat(Quantiles.quantile(1, new double[] {3, Double.NaN, 1})).isEqualTo(3);
        assertThat(Quantiles.quantile(0.5, new double[] {3, Double.NaN, 1})).isEqualTo(1);
        assertThat(Quantiles.quantile(0.5, new double[] {4, 1, 3, 2})).isEqualTo(2.5);
    }

    @Test
    void avgFallsBackToAnIncrementalMeanOnOverflow() {
        double big = Double.MAX_VALUE;
        assertThat(apply(OverTime::avg, new double[] {big, big, big}))
                .as("no overflow to +Inf")
                .isCloseTo(big, within(big * 1e-15));
        assertThat(apply(OverTime::avg, new double[] {big, -big})).isEqualTo(0);
        assertThat(apply(OverTime::avg, new double[] {1, 2, 3, 4})).isEqualTo(2.5);
        assertThat(apply(OverTime::avg, new double[] {1, Double.NaN})).isNaN();
    }

    @Test
    void sumIsCompensated() {
        assertThat(apply(OverTime::sum, new double[] {1, 1e100, 1, -1e100})).isEqualTo(2);
        assertThat(apply(OverTime::sum, new double[] {Double.POSITIVE_INFINITY, 1}))
                .isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void varianceMatchesATwoPassComputation() {
        Random random = new Random(7);
        for (int round = 0; round < 100; round++) {
            double[] v = new double[1 + random.nextInt(40)];
            double mean = 0;
            for (int i = 0; i < v.length; i++) {
                v[i] = 1e3 + random.nextGaussian();
                mean += v[i];
            }
            mean /= v.length;
            double m2 = 0;
            for (double x : v) {
                m2 += (x - mean) * (x - mean);
            }
            assertThat(apply(OverTime::stdvar, v)).isCloseTo(m2 / v.length, within(1e-9));
            assertThat(apply(OverTime::stddev, v)).isCloseTo(Math.sqrt(m2 / v.length), within(1e-9));
        }
    }

    @Test
    void madIsTheMedianOfAbsoluteDeviations() {
        assertThat(apply(OverTime::mad, new double[] {4, 6, 2, 1, 999, 1, 2})).isEqualTo(1);
    }

    @Test
    void minAndMaxIgnoreNaNUnlessAlone() {
        assertThat(apply(OverTime::min, new double[] {Double.NaN, 3, 1})).isEqualTo(1);
        assertThat(apply(OverTime::max, new double[] {Double.NaN, 3, 1})).isEqualTo(3);
        assertThat(apply(OverTime::max, new double[] {Double.NaN})).isNaN();
        assertThat(apply(OverTime::tsOfMin, new double[] {1, 0, 5, 0}))
                .as("the last minimum")
                .isEqualTo(30);
        assertThat(apply(OverTime::tsOfMax, new double[] {5, 0, 5, 0})).isEqualTo(20);
    }

    @Test
    void changesAndResets() {
        assertThat(apply(Changes::changes, new double[] {1, 1, 2, Double.NaN, Double.NaN, 2}))
                .isEqualTo(3);
        assertThat(apply(Changes::resets, new double[] {1, 5, 2, 3, 0})).isEqualTo(2);
    }

    @Test
    void irateRestartsFromZeroAfterAReset() {
        assertThat(apply(InstantDelta::irate, new double[] {0, 10, 30})).isEqualTo(2);
        assertThat(apply(InstantDelta::irate, new double[] {0, 10, 4})).isEqualTo(0.4);
        assertThat(apply(InstantDelta::idelta, new double[] {0, 10, 4})).isEqualTo(-6);
    }

    @Test
    void doubleExponentialSmoothingChecksItsFactors() {
        // a straight line is followed exactly
        assertThat(apply(Smoothing::doubleExponential, new double[] {0, 10, 20, 30, 40}, 0.5, 0.5))
                .isCloseTo(40, within(1e-9));
        assertThatThrownBy(() -> apply(Smoothing::doubleExponential, new double[] {1, 2}, 1, 0.5))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("invalid smoothing factor. Expected: 0 < sf < 1, got: 1.000000");
        assertThatThrownBy(() -> apply(Smoothing::doubleExponential, new double[] {1, 2}, 0.5, 0))
                .hasMessage("invalid trend factor. Expected: 0 < tf < 1, got: 0.000000");
    }

    @Test
    void regexTemplatesExpandAsGo() {
        Pattern p = Re2Regex.compile("(?<first>a+)-(b+)");
        Matcher m = p.matcher("aa-bbb");
        assertThat(m.matches()).isTrue();
        var named = p.namedGroups();
        assertThat(RegexTemplate.expand("$1|$2|${1}x|$1x|$first|${first}|$$|$|$-", m, named))
                .isEqualTo("aa|bbb|aax||aa|aa|$|$|$-");
        assertThat(RegexTemplate.expand("$3$0${9}", m, named)).isEqualTo("aa-bbb");
    }

    @Test
    void naturalOrder() {
        assertThat(NaturalOrder.less("4m5", "4m600")).isTrue();
        assertThat(NaturalOrder.less("4m600", "4m1000")).isTrue();
        assertThat(NaturalOrder.less("1.2.3", "1.11.3")).isTrue();
        assertThat(NaturalOrder.less("1.111.3", "1.11.3")).isFalse();
        assertThat(NaturalOrder.less("2", "10")).isTrue();
        assertThat(NaturalOrder.less("a", "b")).isTrue();
    }

    @Test
    void log2IsExactOnPowersOfTwo() {
        for (int e = -1074; e <= 1023; e++) {
            assertThat(GoMath.log2(Math.scalb(1.0, e))).isEqualTo(e);
        }
        assertThat(GoMath.log2(10)).isCloseTo(Math.log(10) / Math.log(2), within(1e-15));
    }
}
