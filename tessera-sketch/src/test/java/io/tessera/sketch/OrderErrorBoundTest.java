package io.tessera.sketch;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bounds sum and mean states give of how far their value may be from the same samples added
 * one by one: a state merged from panes and the state of the same samples added in order are both
 * within the bound of each other, for seeded values that cancel; a value that is not finite, or
 * magnitudes past the double range, make the bound infinite; version 1 bytes make it unknown.
 */
class OrderErrorBoundTest {

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void panesAndSampleBySampleSumsAreWithinTheBound(long seed) {
        Random random = new Random(seed);
        double[] values = new double[400];
        for (int i = 0; i < values.length; i++) {
            double scale = Math.pow(10, random.nextInt(17));
            values[i] = (random.nextBoolean() ? 1 : -1) * scale * random.nextDouble();
        }
        SumState inOrder = new SumState();
        AvgState meanInOrder = new AvgState();
        SumState merged = new SumState();
        AvgState meanMerged = new AvgState();
        BigDecimal exact = BigDecimal.ZERO;
        for (int from = 0, to; from < values.length; from = to) {
            to = Math.min(values.length, from + 1 + random.nextInt(9));
            SumState pane = new SumState();
            AvgState meanPane = new AvgState();
            for (int i = from; i < to; i++) {
                pane.update(i, values[i]);
                meanPane.update(i, values[i]);
            }
            merged.merge(pane);
            meanMerged.merge(meanPane);
        }
        for (int i = 0; i < values.length; i++) {
            inOrder.update(i, values[i]);
            meanInOrder.update(i, values[i]);
        }
        for (double v : values) {
            exact = exact.add(new BigDecimal(v), MathContext.UNLIMITED);
        }
        assertThat(merged.count()).isEqualTo(inOrder.count());
        assertThat(Math.abs(merged.value() - inOrder.value())).isLessThanOrEqualTo(merged.orderErrorBound());
        assertThat(Math.abs(merged.value() - exact.doubleValue())).isLessThanOrEqualTo(merged.orderErrorBound());
        assertThat(Math.abs(meanMerged.value() - meanInOrder.value()))
                .isLessThanOrEqualTo(meanMerged.orderErrorBound());
        SumState read = SumState.deserialize(merged.serialize());
        assertThat(read.orderErrorBound()).isEqualTo(merged.orderErrorBound());
        assertThat(AvgState.deserialize(meanMerged.serialize()).orderErrorBound())
                .isEqualTo(meanMerged.orderErrorBound());
    }

    @ParameterizedTest
    @ValueSource(doubles = {Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN, 1e308})
    void valuesThatAreNotFiniteOrOverflowLeaveNoFiniteBound(double special) {
        SumState sum = new SumState();
        AvgState mean = new AvgState();
        for (double v : new double[] {1, special, special, 2}) {
            sum.update(0, v);
            mean.update(0, v);
        }
        assertThat(Double.isFinite(sum.orderErrorBound())).isFalse();
        assertThat(Double.isFinite(mean.orderErrorBound())).isFalse();
    }

    @ParameterizedTest
    @ValueSource(ints = {1})
    void versionOneBytesDoNotSayHowLargeTheValuesWere(int version) {
        byte[] sum = new StateWriter(StateFamily.SUM, version, 24)
                .putLong(2)
                .putDouble(3)
                .putDouble(0)
                .toByteArray();
        byte[] avg = new StateWriter(StateFamily.AVG, version, 25)
                .putLong(2)
                .putByte(0)
                .putDouble(3)
                .putDouble(0)
                .toByteArray();
        assertThat(SumState.deserialize(sum).value()).isEqualTo(3);
        assertThat(SumState.deserialize(sum).orderErrorBound()).isNaN();
        assertThat(AvgState.deserialize(avg).value()).isEqualTo(1.5);
        assertThat(AvgState.deserialize(avg).orderErrorBound()).isNaN();
    }
}
