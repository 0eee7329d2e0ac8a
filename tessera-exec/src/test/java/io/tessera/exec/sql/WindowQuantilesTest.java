package io.tessera.exec.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tessera.sketch.KllState;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Window quantiles from a pane part and raw edge values against brute force over all values. */
class WindowQuantilesTest {

    private static double[] sortedRandom(SplittableRandom r, int n, boolean ties) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = ties ? r.nextInt(20) : Math.exp(r.nextGaussian());
        }
        Arrays.sort(v);
        return v;
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void kthOfTwoSortedArraysIsTheKthOfTheirUnion(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] a = sortedRandom(r, r.nextInt(40), seed % 2 == 0);
        double[] b = sortedRandom(r, r.nextInt(40), seed % 2 == 0);
        double[] all = new double[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        Arrays.sort(all);
        for (int k = 0; k < all.length; k++) {
            assertThat(WindowQuantiles.kth(a, a.length, b, b.length, k))
                    .as("k=%d", k)
                    .isEqualTo(all[k]);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13, 14})
    void exactPartsInterpolateAsTheExactEngine(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] panes = sortedRandom(r, 1 + r.nextInt(500), seed % 2 == 0);
        double[] edges = sortedRandom(r, r.nextInt(300), seed % 2 == 0);
        double[] all = new double[panes.length + edges.length];
        System.arraycopy(panes, 0, all, 0, panes.length);
        System.arraycopy(edges, 0, all, panes.length, edges.length);
        Arrays.sort(all);
        WindowQuantiles w = WindowQuantiles.exact(panes, Arrays.copyOf(edges, edges.length + 7), edges.length);
        assertThat(w.isExact()).isTrue();
        for (double q : new double[] {0, 0.01, 0.25, 0.5, 0.9, 0.99, 1}) {
            assertThat(w.quantile(q)).as("q=%s", q).isEqualTo(ExactQuantiles.interpolate(all, 0, all.length, q));
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {21, 22, 23})
    void aSketchPartWithEdgesStaysWithinTheSketchRankBound(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        KllState sketch = new KllState();
        int n = 50_000;
        double[] all = new double[n + 2_000];
        for (int i = 0; i < n; i++) {
            all[i] = Math.exp(r.nextGaussian() * 0.8);
            sketch.update(0L, all[i]);
        }
        double[] edges = sortedRandom(r, 2_000, false);
        System.arraycopy(edges, 0, all, n, edges.length);
        Arrays.sort(all);
        WindowQuantiles w = WindowQuantiles.sketched(sketch.sorted(), sketch.errorBound(), edges, edges.length);
        assertThat(w.isExact()).isFalse();
        assertThat(w.count()).isEqualTo(all.length);
        assertThat(w.quantile(0)).isEqualTo(all[0]);
        assertThat(w.quantile(1)).isEqualTo(all[all.length - 1]);
        for (double q : new double[] {0.01, 0.1, 0.5, 0.9, 0.99}) {
            double v = w.quantile(q);
            int lo = lowerIndex(all, v);
            int hi = upperIndex(all, v);
            // the value's rank range in the true data must come within the bound of q
            double bound = sketch.errorBound().error();
            double rankLo = (double) lo / all.length;
            double rankHi = (double) hi / all.length;
            assertThat(q)
                    .as("q=%s value %s ranks [%s, %s]", q, v, rankLo, rankHi)
                    .isBetween(rankLo - bound, rankHi + bound);
        }
    }

    @Test
    void onlyEdgesOrOnlyPanesOrNothing() {
        double[] edges = {1, 2, 3, 4};
        assertThat(WindowQuantiles.exact(null, edges, 4).quantile(0.5)).isCloseTo(2.5, within(1e-12));
        assertThat(WindowQuantiles.exact(edges, null, 0).quantile(0.5)).isCloseTo(2.5, within(1e-12));
        assertThat(WindowQuantiles.exact(null, null, 0).quantile(0.5)).isNull();
        KllState empty = new KllState();
        assertThat(WindowQuantiles.sketched(empty.sorted(), empty.errorBound(), edges, 4)
                        .quantile(0.5))
                .isEqualTo(2.0);
        assertThat(WindowQuantiles.sketched(empty.sorted(), empty.errorBound(), edges, 4)
                        .quantile(1))
                .isEqualTo(4.0);
    }

    private static double[] shuffled(SplittableRandom r, double[] sorted) {
        double[] v = sorted.clone();
        for (int i = v.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            double t = v[i];
            v[i] = v[j];
            v[j] = t;
        }
        return v;
    }

    @ParameterizedTest
    @ValueSource(longs = {31, 32, 33, 34, 35, 36})
    void unsortedEdgesGiveTheExactEnginesQuantiles(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        boolean ties = seed % 2 == 0;
        double[] panes = sortedRandom(r, r.nextInt(3) == 0 ? 0 : 1 + r.nextInt(2_000), ties);
        double[] edges = sortedRandom(r, 1 + r.nextInt(seed < 34 ? 50 : 3_000), ties);
        double[] all = new double[panes.length + edges.length];
        System.arraycopy(panes, 0, all, 0, panes.length);
        System.arraycopy(edges, 0, all, panes.length, edges.length);
        Arrays.sort(all);
        WindowQuantiles w = WindowQuantiles.exact(panes, shuffled(r, edges), edges.length);
        for (double q : new double[] {0, 0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999, 1}) {
            assertThat(w.quantile(q)).as("q=%s", q).isEqualTo(ExactQuantiles.interpolate(all, 0, all.length, q));
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {51, 52, 53, 54, 55, 56, 57, 58})
    void edgesAloneAreSelectedAsTheExactEngineInterpolates(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] edges = sortedRandom(r, 1 + r.nextInt(seed < 55 ? 30 : 5_000), seed % 2 == 0);
        WindowQuantiles w = WindowQuantiles.exact(null, shuffled(r, edges), edges.length);
        for (double q : new double[] {0.99, 0, 0.5, 0.001, 0.25, 0.75, 0.9, 1, 0.1}) {
            assertThat(w.quantile(q))
                    .as("q=%s n=%d", q, edges.length)
                    .isEqualTo(ExactQuantiles.interpolate(edges, 0, edges.length, q));
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {61, 62, 63, 64})
    void rowsTakenOutOfASketchPartKeepTheAnswerWithinTheWidenedBound(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        KllState sketch = new KllState();
        int n = 30_000;
        double[] counted = new double[n];
        for (int i = 0; i < n; i++) {
            counted[i] = seed % 2 == 0 ? r.nextInt(40) : Math.exp(r.nextGaussian());
            sketch.update(0L, counted[i]);
        }
        int out = 1 + r.nextInt(60);
        double[] removed = Arrays.copyOf(counted, out);
        double[] edges = sortedRandom(r, r.nextInt(30), seed % 2 == 0);
        double[] all = new double[n - out + edges.length];
        System.arraycopy(counted, out, all, 0, n - out);
        System.arraycopy(edges, 0, all, n - out, edges.length);
        Arrays.sort(all);
        WindowQuantiles w = WindowQuantiles.sketchedWithout(
                sketch.sorted(), sketch.errorBound(), shuffled(r, edges), edges.length, removed, out);
        assertThat(w.count()).isEqualTo(all.length);
        assertThat(w.bound().error()).isGreaterThanOrEqualTo(sketch.errorBound().error());
        for (double q : new double[] {0.01, 0.1, 0.5, 0.9, 0.99}) {
            double v = w.quantile(q);
            double rankLo = (double) lowerIndex(all, v) / all.length;
            double rankHi = (double) upperIndex(all, v) / all.length;
            assertThat(q)
                    .as("q=%s", q)
                    .isBetween(rankLo - w.bound().error(), rankHi + w.bound().error());
        }
        double[] sorted = counted.clone();
        Arrays.sort(sorted);
        double[] left = WindowQuantiles.without(sorted, removed, out);
        double[] expected = Arrays.copyOfRange(counted, out, n);
        Arrays.sort(expected);
        assertThat(left).containsExactly(expected);
    }

    /** The first value of the sketch's items and the sorted edges, merged in order (items first on ties), whose cumulative weight reaches ceil(q n). */
    private static double mergedWalk(KllState.Sorted s, double[] sortedEdges, double q) {
        double[] v = s.values();
        long[] w = s.cumulativeWeights();
        long n = (v.length == 0 ? 0 : w[w.length - 1]) + sortedEdges.length;
        long target = Math.max(1, (long) Math.ceil(q * n));
        long seen = 0;
        int i = 0;
        int j = 0;
        double last = Double.NaN;
        while (i < v.length || j < sortedEdges.length) {
            if (j >= sortedEdges.length || (i < v.length && v[i] <= sortedEdges[j])) {
                seen += w[i] - (i == 0 ? 0 : w[i - 1]);
                last = v[i++];
            } else {
                seen++;
                last = sortedEdges[j++];
            }
            if (seen >= target) {
                return last;
            }
        }
        return last;
    }

    @ParameterizedTest
    @ValueSource(longs = {41, 42, 43, 44, 45, 46})
    void unsortedEdgesWithASketchGiveTheMergedWalksAnswer(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        boolean ties = seed % 2 == 0;
        KllState sketch = new KllState();
        for (int i = 0; i < 20_000 + r.nextInt(40_000); i++) {
            sketch.update(0L, ties ? r.nextInt(20) : Math.exp(r.nextGaussian() * 0.8));
        }
        double[] edges = sortedRandom(r, 1 + r.nextInt(seed < 44 ? 40 : 5_000), ties);
        KllState.Sorted sorted = sketch.sorted();
        WindowQuantiles w = WindowQuantiles.sketched(sorted, sketch.errorBound(), shuffled(r, edges), edges.length);
        for (double q : new double[] {0.0001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.9999}) {
            assertThat(w.quantile(q)).as("q=%s", q).isEqualTo(mergedWalk(sorted, edges, q));
        }
    }

    private static int lowerIndex(double[] a, double v) {
        int i = Arrays.binarySearch(a, v);
        if (i < 0) {
            return -i - 1;
        }
        while (i > 0 && a[i - 1] == v) {
            i--;
        }
        return i;
    }

    private static int upperIndex(double[] a, double v) {
        int i = lowerIndex(a, v);
        while (i < a.length && a[i] == v) {
            i++;
        }
        return i;
    }
}
