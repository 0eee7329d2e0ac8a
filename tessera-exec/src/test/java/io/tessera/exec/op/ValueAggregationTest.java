package io.tessera.exec.op;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.StringValue;
import io.tessera.exec.value.Value;
import io.tessera.promql.AggregateOp;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ValueAggregationTest {

    private static InstantVector vector(double... values) {
        InstantVector v = new InstantVector(TestVectors.grid(1), values.length);
        for (int s = 0; s < values.length; s++) {
            v.set(v.addSeries(Labels.of("__name__", "m", "i", Integer.toString(s))), 0, values[s]);
        }
        return v;
    }

    private static double single(AggregateOp op, Value param, RunContext context, double... values) {
        InstantVector out = Aggregations.evaluate(op, vector(values), param, List.of(), false, context);
        assertThat(out.size()).isEqualTo(1);
        assertThat(out.labels(0)).isEqualTo(Labels.EMPTY);
        return out.value(0, 0);
    }

    private static double single(AggregateOp op, double... values) {
        return single(op, null, TestVectors.context(), values);
    }

    private static ScalarValues phi(double q) {
        return ScalarValues.constant(TestVectors.grid(1), q);
    }

    @Test
    void sumCompensatesAndAvgSurvivesAnOverflowingSum() {
        assertThat(single(AggregateOp.SUM, 1e100, 1, -1e100)).isEqualTo(1);
        double max = Double.MAX_VALUE;
        assertThat(single(AggregateOp.AVG, max, max, -max)).isCloseTo(max / 3, within(max * 1e-15));
        assertThat(single(AggregateOp.AVG, 1, 2, 3, 4)).isEqualTo(2.5);
        assertThat(single(AggregateOp.AVG, Double.POSITIVE_INFINITY, 1)).isEqualTo(Double.POSITIVE_INFINITY);
    }

    @Test
    void minAndMaxPreferNumbersToNaN() {
        assertThat(single(AggregateOp.MAX, Double.NaN, 1, 3, 2)).isEqualTo(3);
        assertThat(single(AggregateOp.MIN, 2, Double.NaN, -1)).isEqualTo(-1);
        assertThat(single(AggregateOp.MAX, Double.NaN)).isNaN();
    }

    @Test
    void stddevAndStdvarAreWelfordsAndAnInfinityMakesThemNaN() {
        assertThat(single(AggregateOp.STDVAR, 2, 4, 4, 4, 5, 5, 7, 9)).isEqualTo(4);
        assertThat(single(AggregateOp.STDDEV, 2, 4, 4, 4, 5, 5, 7, 9)).isEqualTo(2);
        assertThat(single(AggregateOp.STDDEV, Double.POSITIVE_INFINITY, 1)).isNaN();
        assertThat(single(AggregateOp.STDVAR, 1, Double.POSITIVE_INFINITY)).isNaN();
    }

    @Test
    void quantileSortsNaNFirstAndWarnsOutsideZeroToOne() {
        RunContext context = TestVectors.context();
        assertThat(single(AggregateOp.QUANTILE, phi(0.5), context, 3, 1, 2)).isEqualTo(2);
        assertThat(single(AggregateOp.QUANTILE, phi(0.8), context, 0, 1, 4)).isCloseTo(2.8, within(1e-12));
        assertThat(single(AggregateOp.QUANTILE, phi(0), context, 2, Double.NaN, 1))
                .isNaN();
        assertThat(single(AggregateOp.QUANTILE, phi(1), context, 2, Double.NaN, 1))
                .isEqualTo(2);
        assertThat(context.warnings()).isEmpty();
        assertThat(single(AggregateOp.QUANTILE, phi(1.5), context, 1, 2)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(single(AggregateOp.QUANTILE, phi(-0.5), context, 1, 2)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(context.warnings())
                .containsExactlyInAnyOrder(
                        "PromQL warning: quantile value should be between 0 and 1, got 1.5",
                        "PromQL warning: quantile value should be between 0 and 1, got -0.5");
    }

    @Test
    void countValuesCountsEachFormattedValue() {
        InstantVector out = Aggregations.evaluate(
                AggregateOp.COUNT_VALUES,
                vector(1, 1, 2.5, 1e21),
                new StringValue("v"),
                List.of(),
                false,
                TestVectors.context());
        assertThat(TestVectors.at(out, 0))
                .isEqualTo(Map.of(
                        Labels.of("v", "1"),
                        2.0,
                        Labels.of("v", "2.5"),
                        1.0,
                        Labels.of("v", "1000000000000000000000"),
                        1.0));
        InstantVector without = Aggregations.evaluate(
                AggregateOp.COUNT_VALUES, vector(1, 1), new StringValue("i"), List.of(), true, TestVectors.context());
        assertThat(TestVectors.at(without, 0)).isEqualTo(Map.of(Labels.of("i", "1"), 2.0));
    }
}
