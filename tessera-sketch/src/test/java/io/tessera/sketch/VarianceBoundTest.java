package io.tessera.sketch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bound a variance state gives on its distance from Prometheus' one compensated Welford pass
 * over the same samples holds for any split into panes and any order of merges, from
 * well-conditioned to hopeless data; and it is tight enough that ordinary data is answered.
 */
class VarianceBoundTest {

    /** Prometheus' {@code stdvar_over_time}, step for step. */
    private static double sequential(double[] v) {
        double count = 0;
        double mean = 0;
        double cMean = 0;
        double aux = 0;
        double cAux = 0;
        for (double x : v) {
            count++;
            double delta = x - (mean + cMean);
            double inc = delta / count;
            double next = mean + inc;
            cMean = compensate(inc, mean, next, cMean);
            mean = next;
            double sq = delta * (x - (mean + cMean));
            double nextAux = aux + sq;
            cAux = compensate(sq, aux, nextAux, cAux);
            aux = nextAux;
        }
        return (aux + cAux) / count;
    }

    private static double compensate(double inc, double sum, double t, double c) {
        if (Double.isInfinite(t)) {
            return 0;
        }
        return Math.abs(sum) >= Math.abs(inc) ? c + ((sum - t) + inc) : c + ((inc - t) + sum);
    }

    private static double trueVariance(double[] v) {
        MathContext mc = MathContext.DECIMAL128;
        BigDecimal sum = BigDecimal.ZERO;
        for (double x : v) {
            sum = sum.add(new BigDecimal(x));
        }
        BigDecimal mean = sum.divide(BigDecimal.valueOf(v.length), mc);
        BigDecimal m2 = BigDecimal.ZERO;
        for (double x : v) {
            BigDecimal d = new BigDecimal(x).subtract(mean);
            m2 = m2.add(d.multiply(d));
        }
        return m2.divide(BigDecimal.valueOf(v.length), mc).doubleValue();
    }

    private static double[] values(SplittableRandom rnd, int n, double base, double spread) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = switch (rnd.nextInt(3)) {
                case 0 -> base + spread * i;
                case 1 -> base + spread * rnd.nextGaussian();
                default -> base + spread * rnd.nextInt(-3, 4);
            };
        }
        return v;
    }

    /** The samples in panes of random sizes, merged in one of three orders. */
    private static VarianceState merged(double[] v, SplittableRandom rnd, int order) {
        List<VarianceState> panes = new ArrayList<>();
        int i = 0;
        while (i < v.length) {
            int end = Math.min(v.length, i + 1 + rnd.nextInt(12));
            VarianceState p = new VarianceState();
            p.update(new long[v.length], v, i, end);
            panes.add(p);
            i = end;
        }
        return switch (order) {
            case 0 -> {
                VarianceState s = new VarianceState();
                for (VarianceState p : panes) {
                    s.merge(p);
                }
                yield s;
            }
            case 1 -> {
                // suffix merges, as a sliding window's front: each pane merged with all later ones
                VarianceState later = null;
                for (int j = panes.size() - 1; j >= 0; j--) {
                    VarianceState s = new VarianceState();
                    s.merge(panes.get(j));
                    if (later != null) {
                        s.merge(later);
                    }
                    later = s;
                }
                yield later;
            }
            default -> {
                List<VarianceState> level = panes;
                while (level.size() > 1) {
                    List<VarianceState> next = new ArrayList<>();
                    for (int j = 0; j < level.size(); j += 2) {
                        VarianceState s = (VarianceState) level.get(j).copy();
                        if (j + 1 < level.size()) {
                            s.merge(level.get(j + 1));
                        }
                        next.add(s);
                    }
                    level = next;
                }
                yield level.getFirst();
            }
        };
    }

    @ParameterizedTest
    @CsvSource({
        "1, 1e15, 0.1",
        "2, 1e12, 0.01",
        "3, 1e9, 0.001",
        "4, 1e6, 1",
        "5, 100, 10",
        "6, 0, 1",
        "7, -5e8, 3",
        "8, 1e300, 1e290",
        "9, 1e-300, 1e-305",
        "10, 4e7, 1e-6",
        "11, 1, 1e-12"
    })
    void theBoundHoldsForEverySplitAndOrder(long seed, double base, double spread) {
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int trial = 0; trial < 300; trial++) {
            double[] v = values(rnd, 2 + rnd.nextInt(400), base, spread);
            double seq = sequential(v);
            VarianceState s = merged(v, rnd, trial % 3);
            double bound = s.sequentialBound();
            if (Double.isInfinite(bound)) {
                // squares past the double range: nothing is claimed, and a reader answers exactly
                assertThat(Math.abs(base)).isGreaterThan(1e150);
                continue;
            }
            assertThat(Math.abs(s.variance() - seq))
                    .as("trial %d: %s vs %s", trial, s.variance(), seq)
                    .isLessThanOrEqualTo(bound);
            assertThat(seq).as("trial %d", trial).isGreaterThanOrEqualTo(s.sequentialLowerBound());
            // Prometheus' own pass lies within the bound's share of the true variance, too
            double truth = trialTruth(v);
            assertThat(Math.abs(truth - seq)).as("trial %d", trial).isLessThanOrEqualTo(bound + Math.ulp(truth) * 4);
        }
    }

    private static double trialTruth(double[] v) {
        return trueVariance(v);
    }

    @ParameterizedTest
    @ValueSource(longs = {21, 22, 23})
    void ordinaryDataIsCloseEnoughToAnswer(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int trial = 0; trial < 100; trial++) {
            double[] v = values(rnd, 2 + rnd.nextInt(2000), rnd.nextDouble(-1e4, 1e4), 1 + rnd.nextDouble(100));
            VarianceState s = merged(v, rnd, trial % 3);
            assertThat(s.sequentialBound()).isLessThanOrEqualTo(1e-10 * s.sequentialLowerBound());
        }
    }

    @ParameterizedTest
    @CsvSource({"1e15, 0.1", "1e12, 0.01", "1e9, 0.001"})
    void illConditionedDataIsNot(double base, double spread) {
        double[] v = new double[240];
        for (int i = 0; i < v.length; i++) {
            v[i] = base + spread * i;
        }
        VarianceState s = merged(v, new SplittableRandom(1), 0);
        assertThat(s.sequentialBound()).isGreaterThan(1e-10 * s.sequentialLowerBound());
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, 1e9, -3.5e15, 1e300})
    void identicalValuesAreExactlyZeroInBoth(double value) {
        double[] v = new double[100];
        java.util.Arrays.fill(v, value);
        VarianceState s = merged(v, new SplittableRandom(3), 1);
        assertThat(s.variance()).isZero();
        assertThat(s.sequentialBound()).isZero();
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e308})
    void nonFiniteValuesHaveNoBound(double odd) {
        double[] v = {1, 2, odd, -1e308, 3};
        VarianceState s = merged(v, new SplittableRandom(4), 2);
        assertThat(s.sequentialBound()).isInfinite();
        assertThat(VarianceState.deserialize(s.serialize()).sequentialBound()).isInfinite();
    }

    @ParameterizedTest
    @ValueSource(longs = {31, 32})
    void versionOneBytesAreReadWithoutBoundsAndWrittenBackAsTheyWere(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        VarianceState s = merged(values(rnd, 50, 10, 2), rnd, 0);
        byte[] v2 = s.serialize();
        assertThat(v2[2]).isEqualTo((byte) 2);
        // version 1: the header and the first five fields of version 2
        byte[] v1 = java.util.Arrays.copyOf(v2, StateCodec.HEADER_BYTES + 40);
        v1[2] = 1;
        VarianceState old = VarianceState.deserialize(v1);
        assertThat(old.variance()).isEqualTo(s.variance());
        assertThat(old.count()).isEqualTo(s.count());
        assertThat(old.sequentialBound()).isInfinite();
        assertThat(old.serialize()).isEqualTo(v1);
        long[] words = new long[StateWords.width(StateFamily.VARIANCE)];
        old.writeWords(words, 0);
        assertThat(StateWords.read(StateFamily.VARIANCE, words, 0).serialize()).isEqualTo(v1);
        // merged with a bounded state, what is known of the result is still only version 1's
        VarianceState both = (VarianceState) old.copy();
        both.merge(s);
        assertThat(both.sequentialBound()).isInfinite();
        assertThat(both.serialize()[2]).isEqualTo((byte) 1);

        byte[] v3 = v2.clone();
        v3[2] = 3;
        assertThatThrownBy(() -> VarianceState.deserialize(v3))
                .isInstanceOf(StateFormatException.class)
                .hasMessageContaining("unsupported VARIANCE format version 3");
        byte[] negative = v2.clone();
        java.nio.ByteBuffer.wrap(negative)
                .order(java.nio.ByteOrder.LITTLE_ENDIAN)
                .putDouble(StateCodec.HEADER_BYTES + 56, -1.0);
        assertThatThrownBy(() -> VarianceState.deserialize(negative))
                .isInstanceOf(StateFormatException.class)
                .hasMessageContaining("error bounds must be non-negative");
    }
}
