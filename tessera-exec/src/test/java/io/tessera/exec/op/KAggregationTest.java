package io.tessera.exec.op;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Labels;
import io.tessera.exec.context.QueryExecutionException;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.promql.AggregateOp;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** topk and bottomk against a brute-force sort of seeded random vectors. */
class KAggregationTest {

    /** The series of group {@code group} present at {@code step}, best first, NaN last, ties in input order. */
    private static List<Integer> bruteForce(InstantVector in, int step, String group, boolean top) {
        List<Integer> members = new ArrayList<>();
        for (int s = 0; s < in.size(); s++) {
            if (in.has(s, step) && (group == null || in.labels(s).get("g").equals(group))) {
                members.add(s);
            }
        }
        Comparator<Integer> byValue = Comparator.comparingDouble(s -> top ? -in.value(s, step) : in.value(s, step));
        members.sort((a, b) -> {
            boolean na = Double.isNaN(in.value(a, step));
            boolean nb = Double.isNaN(in.value(b, step));
            if (na || nb) {
                return Boolean.compare(na, nb);
            }
            return byValue.compare(a, b);
        });
        return members;
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void topkAndBottomkPickTheBruteForceSeriesAtEveryStep(long seed) {
        Random rnd = new Random(seed);
        int n = 1 + rnd.nextInt(40);
        int steps = 1 + rnd.nextInt(6);
        InstantVector in = TestVectors.random(rnd, "m", n, 1 + rnd.nextInt(4), steps, 0.1);
        double[] ks = new double[steps];
        for (int i = 0; i < steps; i++) {
            ks[i] = rnd.nextInt(n + 3) - 1 + (rnd.nextBoolean() ? 0.5 : 0);
        }
        ks[0] = Math.max(ks[0], 1);
        for (boolean top : new boolean[] {true, false}) {
            for (boolean byGroup : new boolean[] {false, true}) {
                InstantVector out = Aggregations.evaluate(
                        top ? AggregateOp.TOPK : AggregateOp.BOTTOMK,
                        in,
                        new ScalarValues(in.grid(), ks),
                        byGroup ? List.of("g") : List.of(),
                        false,
                        TestVectors.context());
                for (int i = 0; i < steps; i++) {
                    Map<Labels, Double> expected = new HashMap<>();
                    long k = (long) ks[i];
                    List<String> groups = new ArrayList<>();
                    if (byGroup) {
                        for (int s = 0; s < n; s++) {
                            String g = in.labels(s).get("g");
                            if (!groups.contains(g)) {
                                groups.add(g);
                            }
                        }
                    } else {
                        groups.add(null);
                    }
                    for (String g : groups) {
                        List<Integer> best = bruteForce(in, i, g, top);
                        for (int j = 0; j < Math.min(k, best.size()); j++) {
                            expected.put(in.labels(best.get(j)), in.value(best.get(j), i));
                        }
                    }
                    assertThat(TestVectors.at(out, i))
                            .as("seed %d step %d top %s by %s", seed, i, top, byGroup)
                            .isEqualTo(expected);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {21, 22, 23, 24, 25, 26})
    void anInstantResultIsOrderedBestFirstWithNaNLast(long seed) {
        Random rnd = new Random(seed);
        int n = 2 + rnd.nextInt(30);
        InstantVector in = TestVectors.random(rnd, "m", n, 1, 1, 0.15);
        for (boolean top : new boolean[] {true, false}) {
            int k = 1 + rnd.nextInt(n);
            InstantVector out = Aggregations.evaluate(
                    top ? AggregateOp.TOPK : AggregateOp.BOTTOMK,
                    in,
                    ScalarValues.constant(in.grid(), k),
                    List.of(),
                    false,
                    TestVectors.context());
            List<Integer> best = bruteForce(in, 0, null, top);
            List<Double> expected = new ArrayList<>();
            for (int j = 0; j < Math.min(k, best.size()); j++) {
                expected.add(in.value(best.get(j), 0));
            }
            List<Double> got = new ArrayList<>();
            for (int s = 0; s < out.size(); s++) {
                got.add(out.value(s, 0));
            }
            assertThat(got).as("seed %d top %s k %d", seed, top, k).isEqualTo(expected);
        }
    }

    @Test
    void kBelowOneEverywhereGivesNothingAndNaNIsAnError() {
        InstantVector in = TestVectors.random(new Random(1), "m", 5, 1, 2, 0);
        RunContext context = TestVectors.context();
        assertThat(Aggregations.evaluate(
                                AggregateOp.TOPK, in, ScalarValues.constant(in.grid(), 0.9), List.of(), false, context)
                        .size())
                .isZero();
        assertThatThrownBy(() -> Aggregations.evaluate(
                        AggregateOp.TOPK, in, ScalarValues.constant(in.grid(), Double.NaN), List.of(), false, context))
                .isInstanceOf(QueryExecutionException.class)
                .hasMessage("Parameter value is NaN");
        assertThatThrownBy(() -> Aggregations.evaluate(
                        AggregateOp.BOTTOMK, in, ScalarValues.constant(in.grid(), 1e19), List.of(), false, context))
                .hasMessage("Scalar value 1e+19 overflows int64");
    }

    @Test
    void limitRatioAndItsComplementPartitionTheSeries() {
        InstantVector in = TestVectors.random(new Random(7), "m", 60, 3, 3, 0);
        RunContext context = TestVectors.context();
        for (double r : new double[] {0.2, 0.5, 0.8}) {
            InstantVector a = Aggregations.evaluate(
                    AggregateOp.LIMIT_RATIO, in, ScalarValues.constant(in.grid(), r), List.of(), false, context);
            InstantVector b = Aggregations.evaluate(
                    AggregateOp.LIMIT_RATIO, in, ScalarValues.constant(in.grid(), r - 1), List.of(), false, context);
            for (int i = 0; i < 3; i++) {
                Map<Labels, Double> all = TestVectors.at(in, i);
                Map<Labels, Double> union = new HashMap<>(TestVectors.at(a, i));
                for (Map.Entry<Labels, Double> e : TestVectors.at(b, i).entrySet()) {
                    assertThat(union.put(e.getKey(), e.getValue()))
                            .as("in both halves")
                            .isNull();
                }
                assertThat(union).isEqualTo(all);
            }
        }
        InstantVector capped = Aggregations.evaluate(
                AggregateOp.LIMIT_RATIO, in, ScalarValues.constant(in.grid(), 1.5), List.of(), false, context);
        assertThat(TestVectors.at(capped, 1)).isEqualTo(TestVectors.at(in, 1));
        assertThat(context.warnings())
                .containsExactly("PromQL warning: ratio value should be between -1 and 1, got 1.5, capping to 1");
    }

    @Test
    void limitkKeepsTheFirstKSeriesOfEachGroup() {
        InstantVector in = TestVectors.random(new Random(3), "m", 20, 2, 2, 0.1);
        InstantVector out = Aggregations.evaluate(
                AggregateOp.LIMITK,
                in,
                ScalarValues.constant(in.grid(), 2),
                List.of("g"),
                false,
                TestVectors.context());
        for (int i = 0; i < 2; i++) {
            Map<String, Integer> perGroup = new HashMap<>();
            Map<Labels, Double> expected = new HashMap<>();
            for (int s = 0; s < in.size(); s++) {
                if (in.has(s, i) && perGroup.merge(in.labels(s).get("g"), 1, Integer::sum) <= 2) {
                    expected.put(in.labels(s), in.value(s, i));
                }
            }
            assertThat(TestVectors.at(out, i)).isEqualTo(expected);
        }
    }
}
