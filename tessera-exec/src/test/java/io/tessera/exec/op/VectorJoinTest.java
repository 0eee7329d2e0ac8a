package io.tessera.exec.op;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Labels;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.Value;
import io.tessera.plan.ValueKind;
import io.tessera.plan.VectorBinary;
import io.tessera.promql.BinaryOp;
import io.tessera.promql.Cardinality;
import io.tessera.promql.VectorMatching;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Vector matching against a brute-force join of seeded random vectors. */
class VectorJoinTest {

    private static InstantVector run(BinaryOp op, InstantVector l, InstantVector r, VectorMatching m, boolean bool) {
        Value v = BinaryOperators.evaluate(
                new VectorBinary(op, 0, 1, m, bool, ValueKind.INSTANT_VECTOR), l, r, TestVectors.context());
        return (InstantVector) v;
    }

    /** Series {name, g, i} for a random subset of (g, i) pairs, with random points. */
    private static InstantVector keyed(Random rnd, String name, int groups, int perGroup, int steps, String extra) {
        InstantVector v = new InstantVector(TestVectors.grid(steps), 16);
        for (int g = 0; g < groups; g++) {
            for (int i = 0; i < perGroup; i++) {
                if (rnd.nextDouble() < 0.7) {
                    Labels l = extra == null
                            ? Labels.of("__name__", name, "g", "g" + g, "i", "i" + i)
                            : Labels.of("__name__", name, "g", "g" + g, extra, extra + g);
                    int s = v.addSeries(l);
                    for (int t = 0; t < steps; t++) {
                        if (rnd.nextDouble() < 0.8) {
                            v.set(s, t, rnd.nextInt(7) - 2);
                        }
                    }
                }
            }
        }
        return v;
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void oneToOneMatchesTheBruteForceJoin(long seed) {
        Random rnd = new Random(seed);
        int steps = 1 + rnd.nextInt(4);
        InstantVector a = keyed(rnd, "a", 3, 4, steps, null);
        InstantVector b = keyed(rnd, "b", 3, 4, steps, null);
        for (BinaryOp op :
                new BinaryOp[] {BinaryOp.ADD, BinaryOp.DIV, BinaryOp.MOD, BinaryOp.POW, BinaryOp.GTR, BinaryOp.EQL}) {
            for (boolean bool : op.isComparison() ? new boolean[] {false, true} : new boolean[] {false}) {
                InstantVector out = run(op, a, b, VectorMatching.oneToOne(), bool);
                for (int t = 0; t < steps; t++) {
                    Map<Labels, Double> expected = new HashMap<>();
                    for (int l = 0; l < a.size(); l++) {
                        for (int r = 0; r < b.size(); r++) {
                            if (!a.has(l, t)
                                    || !b.has(r, t)
                                    || !a.labels(l)
                                            .withoutMetricName()
                                            .equals(b.labels(r).withoutMetricName())) {
                                continue;
                            }
                            double x = a.value(l, t);
                            double y = b.value(r, t);
                            if (!op.isComparison()) {
                                expected.put(a.labels(l).withoutMetricName(), BinaryOperators.arithmetic(op, x, y));
                            } else if (bool) {
                                expected.put(
                                        a.labels(l).withoutMetricName(), BinaryOperators.compare(op, x, y) ? 1.0 : 0.0);
                            } else if (BinaryOperators.compare(op, x, y)) {
                                expected.put(a.labels(l), x);
                            }
                        }
                    }
                    assertThat(TestVectors.at(out, t))
                            .as("seed %d %s bool %s step %d", seed, op, bool, t)
                            .isEqualTo(expected);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {11, 12, 13, 14, 15, 16})
    void groupLeftAndGroupRightJoinEachManySeriesWithItsOne(long seed) {
        Random rnd = new Random(seed);
        int steps = 1 + rnd.nextInt(4);
        InstantVector many = keyed(rnd, "a", 4, 5, steps, null);
        InstantVector one = new InstantVector(TestVectors.grid(steps), 4);
        for (int g = 0; g < 4; g++) {
            int s = one.addSeries(Labels.of("__name__", "b", "g", "g" + g, "extra", "x" + g));
            for (int t = 0; t < steps; t++) {
                if (rnd.nextDouble() < 0.8) {
                    one.set(s, t, rnd.nextInt(5) + 1);
                }
            }
        }
        VectorMatching left = new VectorMatching(Cardinality.MANY_TO_ONE, List.of("g"), true, List.of("extra"));
        VectorMatching right = new VectorMatching(Cardinality.ONE_TO_MANY, List.of("g"), true, List.of("extra"));
        InstantVector product = run(BinaryOp.MUL, many, one, left, false);
        InstantVector difference = run(BinaryOp.SUB, one, many, right, false);
        InstantVector filtered = run(BinaryOp.GTR, many, one, left, false);
        for (int t = 0; t < steps; t++) {
            Map<Labels, Double> products = new HashMap<>();
            Map<Labels, Double> differences = new HashMap<>();
            Map<Labels, Double> kept = new HashMap<>();
            for (int l = 0; l < many.size(); l++) {
                for (int r = 0; r < one.size(); r++) {
                    if (!many.has(l, t)
                            || !one.has(r, t)
                            || !many.labels(l).get("g").equals(one.labels(r).get("g"))) {
                        continue;
                    }
                    double x = many.value(l, t);
                    double y = one.value(r, t);
                    Labels joined = many.labels(l)
                            .withoutMetricName()
                            .with("extra", one.labels(r).get("extra"));
                    products.put(joined, x * y);
                    differences.put(joined, y - x);
                    if (x > y) {
                        kept.put(many.labels(l).with("extra", one.labels(r).get("extra")), x);
                    }
                }
            }
            assertThat(TestVectors.at(product, t))
                    .as("seed %d step %d", seed, t)
                    .isEqualTo(products);
            assertThat(TestVectors.at(difference, t))
                    .as("seed %d step %d", seed, t)
                    .isEqualTo(differences);
            assertThat(TestVectors.at(filtered, t))
                    .as("seed %d step %d", seed, t)
                    .isEqualTo(kept);
        }
    }

    @Test
    void duplicatesOnTheOneSideAreAnError() {
        InstantVector many = new InstantVector(TestVectors.grid(1), 2);
        many.set(many.addSeries(Labels.of("__name__", "a", "g", "1", "i", "1")), 0, 1);
        InstantVector one = new InstantVector(TestVectors.grid(1), 2);
        one.set(one.addSeries(Labels.of("__name__", "b", "g", "1", "x", "1")), 0, 1);
        one.set(one.addSeries(Labels.of("__name__", "b", "g", "1", "x", "2")), 0, 1);
        VectorMatching left = new VectorMatching(Cardinality.MANY_TO_ONE, List.of("g"), true, List.of());
        assertThatThrownBy(() -> run(BinaryOp.ADD, many, one, left, false))
                .hasMessage(
                        "found duplicate series for the match group {g=\"1\"} on the right hand-side of the operation: "
                                + "[{__name__=\"b\", g=\"1\", x=\"2\"}, {__name__=\"b\", g=\"1\", x=\"1\"}]"
                                + ";many-to-many matching not allowed: matching labels must be unique on one side");
        VectorMatching right = new VectorMatching(Cardinality.ONE_TO_MANY, List.of("g"), true, List.of());
        assertThatThrownBy(() -> run(BinaryOp.ADD, one, many, right, false))
                .hasMessageContaining("on the left hand-side of the operation");
        VectorMatching oneToOne = new VectorMatching(Cardinality.ONE_TO_ONE, List.of("g"), true, List.of());
        assertThatThrownBy(() -> run(BinaryOp.ADD, one, many, oneToOne, false))
                .hasMessage(
                        "multiple matches for labels: many-to-one matching must be explicit (group_left/group_right)");
        InstantVector twoMany = new InstantVector(TestVectors.grid(1), 2);
        twoMany.set(twoMany.addSeries(Labels.of("__name__", "a", "g", "1", "i", "1")), 0, 1);
        twoMany.set(twoMany.addSeries(Labels.of("__name__", "c", "g", "1", "i", "1")), 0, 1);
        InstantVector single = new InstantVector(TestVectors.grid(1), 1);
        single.set(single.addSeries(Labels.of("g", "1")), 0, 1);
        assertThatThrownBy(() -> run(BinaryOp.ADD, twoMany, single, left, false))
                .hasMessage("multiple matches for labels: grouping labels must ensure unique matches");
    }

    @Test
    void setOperatorsMatchOnSignatures() {
        InstantVector a = new InstantVector(TestVectors.grid(2), 2);
        int a1 = a.addSeries(Labels.of("__name__", "a", "i", "1"));
        int a2 = a.addSeries(Labels.of("__name__", "a", "i", "2"));
        a.set(a1, 0, 1);
        a.set(a2, 0, 2);
        a.set(a2, 1, 2);
        InstantVector b = new InstantVector(TestVectors.grid(2), 2);
        int b1 = b.addSeries(Labels.of("__name__", "b", "i", "1"));
        int b3 = b.addSeries(Labels.of("__name__", "b", "i", "3"));
        b.set(b1, 0, 10);
        b.set(b1, 1, 10);
        b.set(b3, 1, 30);
        VectorMatching m = new VectorMatching(Cardinality.MANY_TO_MANY, List.of(), false, List.of());
        InstantVector and = run(BinaryOp.AND, a, b, m, false);
        assertThat(TestVectors.at(and, 0)).isEqualTo(Map.of(a.labels(a1), 1.0));
        assertThat(TestVectors.at(and, 1)).isEmpty();
        InstantVector unless = run(BinaryOp.UNLESS, a, b, m, false);
        assertThat(TestVectors.at(unless, 0)).isEqualTo(Map.of(a.labels(a2), 2.0));
        assertThat(TestVectors.at(unless, 1)).isEqualTo(Map.of(a.labels(a2), 2.0));
        InstantVector or = run(BinaryOp.OR, a, b, m, false);
        assertThat(TestVectors.at(or, 0)).isEqualTo(Map.of(a.labels(a1), 1.0, a.labels(a2), 2.0));
        assertThat(TestVectors.at(or, 1)).isEqualTo(Map.of(a.labels(a2), 2.0, b.labels(b1), 10.0, b.labels(b3), 30.0));
    }
}
