package io.tessera.sketch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.StaleMarker;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The approximate families stay within their documented bounds at their documented confidence,
 * over many seeds and every distribution, with the state built from merged pane states.
 */
class SketchAccuracyTest {

    private static final double[] QS = {0.001, 0.01, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 0.999};

    private static State mergedPanes(
            double[] values, java.util.function.Supplier<State> factory, SplittableRandom rnd) {
        Series s = new Series(new long[values.length], values);
        State[] panes = s.panes(Series.cuts(rnd, values.length, rnd.nextInt(1, 10)), factory, rnd);
        return Series.mergeTree(panes, 0, panes.length, rnd);
    }

    private static int kllFailures(Distribution dist, int seeds, int n, double[] worst) {
        int failures = 0;
        for (int seed = 0; seed < seeds; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed * 31L + dist.ordinal());
            double[] values = dist.samples(rnd, n);
            KllState kll = (KllState) mergedPanes(values, () -> new KllState(200), rnd);
            double bound = kll.errorBound().error();
            assertThat(bound).isBetween(0.0160, 0.0170);
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            for (double q : QS) {
                double e = SketchAccuracyReport.rankError(sorted, q, kll.quantile(q));
                worst[0] = Math.max(worst[0], e);
                failures += e > bound ? 1 : 0;
            }
        }
        return failures;
    }

    @ParameterizedTest
    @EnumSource(Distribution.class)
    void kllRankErrorWithinBoundAt99Percent(Distribution dist) {
        int seeds = 120;
        double[] worst = {0};
        int failures = kllFailures(dist, seeds, 5_000, worst);
        // 99% confidence per check: allow at most 1% of (seed, quantile) checks above the bound.
        assertThat((double) failures / (seeds * QS.length))
                .as("%s failure fraction, worst %.4f", dist, worst[0])
                .isLessThanOrEqualTo(0.01);
    }

    @Tag("slow")
    @ParameterizedTest
    @EnumSource(Distribution.class)
    void kllLongSweep(Distribution dist) {
        double[] worst = {0};
        int failures = kllFailures(dist, 1000, 50_000, worst);
        assertThat((double) failures / (1000 * QS.length)).isLessThanOrEqualTo(0.01);
    }

    @ParameterizedTest
    @EnumSource(Distribution.class)
    void ddSketchRelativeErrorAlwaysWithinAlpha(Distribution dist) {
        for (int seed = 0; seed < 100; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed * 17L + dist.ordinal());
            double[] values = dist.samples(rnd, 3_000);
            DdSketchState dd = (DdSketchState) mergedPanes(values, () -> new DdSketchState(0.01), rnd);
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            for (double q : QS) {
                double truth = sorted[(int) Math.floor(q * (sorted.length - 1))];
                double got = dd.quantile(q);
                assertThat(Math.abs(got - truth))
                        .as("%s seed %d q %s", dist, seed, q)
                        .isLessThanOrEqualTo(0.01 * Math.abs(truth) * (1 + 1e-9));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Distribution.class)
    void distinctCountWithinBoundAtStatedConfidence(Distribution dist) {
        int seeds = 100;
        int failures = 0;
        for (int seed = 0; seed < seeds; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed * 13L + dist.ordinal());
            int n = rnd.nextInt(1, 20_000);
            double[] values = new double[n];
            Set<Double> truth = new HashSet<>();
            for (int i = 0; i < n; i++) {
                values[i] = dist.discreteSample(rnd);
                truth.add(values[i]);
            }
            DistinctState d = (DistinctState) mergedPanes(values, () -> new DistinctState(12), rnd);
            ErrorBound b = d.errorBound();
            assertThat(b.kind()).isEqualTo(ErrorBound.Kind.RELATIVE_VALUE);
            assertThat(b.error()).isLessThan(0.05);
            failures += Math.abs(d.estimate() - truth.size()) > b.error() * truth.size() ? 1 : 0;
        }
        // Stated confidence is 95.45%; budget 10% of seeds (expected about 4.5%).
        assertThat((double) failures / seeds).as(dist + " failure fraction").isLessThanOrEqualTo(0.10);
    }

    @ParameterizedTest
    @EnumSource(Distribution.class)
    void frequentItemsAdditiveErrorWithinEpsilonTotal(Distribution dist) {
        double eps = 0.01;
        double delta = 0.01;
        long checks = 0;
        long failures = 0;
        for (int seed = 0; seed < 40; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed * 7L + dist.ordinal());
            int n = 10_000;
            String[] keys = new String[n];
            double[] weights = new double[n];
            Map<String, Double> truth = new HashMap<>();
            for (int i = 0; i < n; i++) {
                keys[i] = "k" + dist.discreteSample(rnd);
                weights[i] = rnd.nextDouble(0, 2);
                truth.merge(keys[i], weights[i], Double::sum);
            }
            int[] cuts = Series.cuts(rnd, n, rnd.nextInt(1, 8));
            State[] panes = new State[cuts.length - 1];
            for (int p = 0; p < panes.length; p++) {
                FrequentState f = new FrequentState(eps, delta, 100);
                for (int i = cuts[p]; i < cuts[p + 1]; i++) {
                    f.update(keys[i], weights[i]);
                }
                panes[p] = f;
            }
            FrequentState f = (FrequentState) Series.mergeTree(panes, 0, panes.length, rnd);
            double total =
                    truth.values().stream().mapToDouble(Double::doubleValue).sum();
            assertThat(f.totalWeight()).isCloseTo(total, org.assertj.core.data.Offset.offset(1e-6 * total));
            for (var e : truth.entrySet()) {
                double est = f.estimate(e.getKey());
                assertThat(est).as("never undercounts").isGreaterThanOrEqualTo(e.getValue() * (1 - 1e-12));
                checks++;
                failures += est - e.getValue() > eps * total ? 1 : 0;
            }
            for (FrequentItem item : f.topK(10)) {
                assertThat(item.lowerBound()).isLessThanOrEqualTo(truth.get(item.key()) + 1e-9);
            }
        }
        assertThat((double) failures / checks).as(dist + " failure fraction").isLessThanOrEqualTo(delta);
    }

    @Test
    void frequentTopKFindsTheHeavyKeysOfOneStream() {
        double eps = 0.01;
        SplittableRandom rnd = new SplittableRandom(99);
        FrequentState f = new FrequentState(eps, 0.01, 100);
        Map<String, Double> truth = new HashMap<>();
        for (int i = 0; i < 50_000; i++) {
            String key = "k" + Distribution.ZIPF.discreteSample(rnd);
            double w = rnd.nextDouble(0, 2);
            f.update(key, w);
            truth.merge(key, w, Double::sum);
        }
        double total = f.totalWeight();
        List<String> reported = f.topK(100).stream().map(FrequentItem::key).toList();
        for (var e : truth.entrySet()) {
            if (e.getValue() > 3 * eps * total) {
                assertThat(reported).as("heavy key " + e.getKey()).contains(e.getKey());
            }
        }
        List<FrequentItem> top = f.topK(5);
        assertThat(top).hasSize(5);
        assertThat(top.get(0).key()).isEqualTo("k1");
        for (int i = 1; i < top.size(); i++) {
            assertThat(top.get(i).estimate()).isLessThanOrEqualTo(top.get(i - 1).estimate());
        }
    }

    @Test
    void frequentRejectsBadWeightsAndIgnoresStale() {
        FrequentState f = new FrequentState();
        f.update("a", StaleMarker.VALUE);
        assertThat(f.isEmpty()).isTrue();
        assertThatThrownBy(() -> f.update("a", -1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> f.update("a", Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        f.update(1, 3.5);
        f.update(2, 3.5);
        assertThat(f.topK(1).getFirst().key()).isEqualTo("3.5");
        assertThat(f.topK(1).getFirst().estimate()).isEqualTo(2.0);
        assertThatThrownBy(() -> f.merge(new FrequentState(0.1, 0.1, 10))).isInstanceOf(IllegalArgumentException.class);
    }

    // Conventions of functions.test "Tests for quantile_over_time": q < 0 gives -Inf, q > 1 gives +Inf.
    @Test
    void quantileConventionsAsPrometheus() {
        KllState kll = new KllState();
        DdSketchState dd = new DdSketchState();
        assertThat(kll.quantile(0.5)).isNaN();
        assertThat(dd.quantile(0.5)).isNaN();
        double[] data = {0, 1, 4, Double.NaN, StaleMarker.VALUE};
        kll.update(new long[5], data, 0, 5);
        dd.update(new long[5], data, 0, 5);
        for (double q : new double[] {-1, 2, Double.NaN}) {
            double expected =
                    Double.isNaN(q) ? Double.NaN : q < 0 ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            assertThat(Double.compare(kll.quantile(q), expected))
                    .as("kll q=" + q)
                    .isZero();
            assertThat(Double.compare(dd.quantile(q), expected)).as("dd q=" + q).isZero();
        }
        // the NaN is a sample, ordered first; the stale marker is not
        assertThat(kll.count()).isEqualTo(3);
        assertThat(kll.nanCount()).isEqualTo(1);
        assertThat(kll.quantile(0)).isNaN();
        assertThat(kll.quantile(1)).isEqualTo(4);
        assertThat(kll.quantile(0.5)).isEqualTo(0);
        assertThat(dd.count()).isEqualTo(4);
        assertThat(dd.quantile(0)).isNaN();
        assertThat(dd.quantile(1)).isCloseTo(4, org.assertj.core.data.Offset.offset(0.04));
    }

    @Test
    void sketchesWithOtherParametersDoNotMerge() {
        assertThatThrownBy(() -> new KllState(200).merge(new KllState(100)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("k=100");
        assertThatThrownBy(() -> new DistinctState(12).merge(new DistinctState(10)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DdSketchState(0.01).merge(new DdSketchState(0.02)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new KllState(4)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void distinctCountsStringsAndIgnoresStale() {
        DistinctState d = new DistinctState();
        d.update(1, StaleMarker.VALUE);
        assertThat(d.isEmpty()).isTrue();
        d.update("a");
        d.update("b");
        d.update("a");
        d.update(2, -0.0);
        d.update(3, 0.0);
        assertThat(d.estimate()).isCloseTo(3, org.assertj.core.data.Offset.offset(0.01));
        assertThat(d.lowerBound()).isLessThanOrEqualTo(3);
        assertThat(d.upperBound()).isGreaterThanOrEqualTo(3);
    }

    @Test
    void accuracyReportRendersATable() {
        String md = SketchAccuracyReport.markdown(2);
        assertThat(md)
                .contains("| family |")
                .contains("| KLL | k=200 |")
                .contains("| DDSketch |")
                .contains("| CPC distinct |")
                .contains("| Count-Min frequent |");
        assertThat(md.lines()
                        .filter(l -> l.startsWith("| ") && !l.startsWith("| family"))
                        .count())
                .isEqualTo(16);
    }
}
