package io.tessera.sketch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.apache.datasketches.kll.KllDoublesSketch;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A KLL state that holds its first k values as they are against a DataSketches sketch given the
 * same values in the same order: up to k values the same bytes, answers, counts and sizes; past k
 * (where compaction draws random bits, so two sketches of the same values differ) the same count
 * and answers within the rank error; through updates and merges.
 */
class KllStateTest {

    @ParameterizedTest
    @CsvSource({"8,1", "8,2", "200,3", "400,4"})
    void holdingTheValuesIsTheSketchOfThem(int k, long seed) {
        Random random = new Random(seed);
        for (int n : new int[] {0, 1, 2, k / 2, k - 1, k, k + 1, 3 * k + 7}) {
            KllState state = new KllState(k);
            KllDoublesSketch reference = KllDoublesSketch.newHeapInstance(k);
            for (int i = 0; i < n; i++) {
                double v = random.nextInt(10) == 0 ? Double.POSITIVE_INFINITY : random.nextGaussian();
                state.update(i, v);
                reference.update(v);
            }
            assertThat(state.holdsValues()).as("n=" + n).isEqualTo(n <= k);
            assertSameAs(state, reference, "k=" + k + " n=" + n);
        }
    }

    @ParameterizedTest
    @CsvSource({"8,5", "200,6"})
    void mergesGiveTheSketchOfEveryValue(int k, long seed) {
        Random random = new Random(seed);
        for (int[] sizes :
                new int[][] {{0, 3}, {3, 4}, {k / 2, k / 2}, {k - 1, 2}, {k + 3, 2}, {2, k + 3}, {2 * k, 3 * k}}) {
            KllState a = new KllState(k);
            KllState b = new KllState(k);
            KllDoublesSketch ra = KllDoublesSketch.newHeapInstance(k);
            KllDoublesSketch rb = KllDoublesSketch.newHeapInstance(k);
            for (int i = 0; i < sizes[0]; i++) {
                double v = random.nextDouble();
                a.update(i, v);
                ra.update(v);
            }
            for (int i = 0; i < sizes[1]; i++) {
                double v = random.nextDouble();
                b.update(i, v);
                rb.update(v);
            }
            KllState before = b.copy();
            a.merge(b);
            ra.merge(rb);
            // the merged-in state is read, never changed
            assertThat(b.serialize()).isEqualTo(before.serialize());
            assertThat(a.count()).isEqualTo(ra.getN());
            if (sizes[0] + sizes[1] <= k) {
                // both hold every value: the same quantiles, whatever the order the values are kept in
                for (double q : new double[] {0, 0.1, 0.5, 0.99, 1}) {
                    assertThat(Double.valueOf(a.quantile(q))).isEqualTo(ra.isEmpty() ? Double.NaN : quantile(ra, q));
                }
            } else if (sizes[0] <= k && sizes[1] <= k) {
                assertThat(a.count()).isEqualTo(sizes[0] + sizes[1]);
            } else {
                assertSameAs(a, ra, "sizes " + sizes[0] + "+" + sizes[1]);
            }
        }
    }

    private static double quantile(KllDoublesSketch s, double q) {
        return q == 0
                ? s.getMinItem()
                : q == 1
                        ? s.getMaxItem()
                        : s.getQuantile(q, org.apache.datasketches.quantilescommon.QuantileSearchCriteria.INCLUSIVE);
    }

    private static void assertSameAs(KllState state, KllDoublesSketch reference, String what) {
        KllState decoded = KllState.deserialize(state.serialize());
        assertThat(decoded.serialize()).as(what).isEqualTo(state.serialize());
        assertThat(state.count()).as(what).isEqualTo(reference.getN());
        assertThat(state.isEmpty()).isEqualTo(reference.isEmpty());
        assertThat(state.errorBound().error()).isEqualTo(reference.getNormalizedRankError(true));
        if (reference.isEstimationMode()) {
            double[] sorted = reference.getSortedView().getQuantiles();
            double slack = 3 * state.errorBound().error();
            for (double q : new double[] {0.1, 0.5, 0.9}) {
                // ties (the infinities) span ranks: q must fall within the span of the answer's ranks
                double v = state.quantile(q);
                if (Double.isNaN(v)) {
                    continue; // Prometheus' +Inf times a weight of 0, from the exact counts (KllStateNaNTest)
                }
                assertThat(q)
                        .as(what + " q=" + q)
                        .isBetween(rank(reference, v, false) - slack, rank(reference, v, true) + slack);
            }
            assertThat(sorted).isNotEmpty();
            return;
        }
        assertThat(state.serialize()).as(what + " bytes").isEqualTo(serialized(reference));
        assertThat(state.memoryBytes()).as(what + " size").isEqualTo(96L + reference.getSerializedSizeBytes());
        for (double q : new double[] {0, 0.01, 0.5, 0.9, 1}) {
            Double expected = reference.isEmpty() ? Double.NaN : prometheusWhereNotFinite(reference, q);
            assertThat(Double.valueOf(state.quantile(q))).as(what + " q=" + q).isEqualTo(expected);
            assertThat(Double.valueOf(decoded.quantile(q))).isEqualTo(expected);
        }
        if (!reference.isEmpty()) {
            KllState.Sorted sorted = state.sorted();
            assertThat(sorted.values()).isEqualTo(reference.getSortedView().getQuantiles());
            assertThat(sorted.cumulativeWeights())
                    .isEqualTo(reference.getSortedView().getCumulativeWeights());
        }
    }

    /** The state's bytes for {@code reference}: the family header, k, no NaN, the counts of ±Inf and the sketch's own bytes. */
    private static byte[] serialized(KllDoublesSketch reference) {
        byte[] body = reference.toByteArray();
        return new StateWriter(StateFamily.KLL, KllState.VERSION, body.length + 32)
                .putInt(reference.getK())
                .putLong(0)
                .putLong(infinite(reference, Double.NEGATIVE_INFINITY))
                .putLong(infinite(reference, Double.POSITIVE_INFINITY))
                .putBlock(body)
                .toByteArray();
    }

    /**
     * The reference's answer, or Prometheus' exact one where that is NaN or infinite (the ranks
     * around hold an infinity, which the state counts); the reference holds every value.
     */
    private static double prometheusWhereNotFinite(KllDoublesSketch reference, double q) {
        double[] all = new double[(int) reference.getN()];
        int i = 0;
        var it = reference.iterator();
        while (it.next()) {
            all[i++] = it.getQuantile();
        }
        double exact = new QuantileOracle(all).quantile(q);
        return Double.isFinite(exact) ? quantile(reference, q) : exact;
    }

    /** How many of the values of {@code reference}, which holds them all, equal {@code infinity}. */
    private static long infinite(KllDoublesSketch reference, double infinity) {
        long n = 0;
        var it = reference.iterator();
        while (it.next()) {
            n += it.getQuantile() == infinity ? it.getWeight() : 0;
        }
        return n;
    }

    /** The normalized rank of {@code v} among the reference's values, counting values equal to it or not. */
    private static double rank(KllDoublesSketch reference, double v, boolean inclusive) {
        return reference.getRank(
                v,
                inclusive
                        ? org.apache.datasketches.quantilescommon.QuantileSearchCriteria.INCLUSIVE
                        : org.apache.datasketches.quantilescommon.QuantileSearchCriteria.EXCLUSIVE);
    }
}
