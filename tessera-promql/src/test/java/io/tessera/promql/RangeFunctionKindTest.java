package io.tessera.promql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.sketch.ExtrapolatedRate;
import io.tessera.sketch.StateFamily;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The range-function table against the parser's signatures and against the per-function sets the
 * planner and the engine kept by name before the table existed (written out here, not derived).
 */
class RangeFunctionKindTest {

    private static final Map<String, StateFamily> VIEW_FAMILIES = Map.ofEntries(
            Map.entry("sum_over_time", StateFamily.SUM),
            Map.entry("count_over_time", StateFamily.COUNT),
            Map.entry("avg_over_time", StateFamily.AVG),
            Map.entry("min_over_time", StateFamily.MIN),
            Map.entry("max_over_time", StateFamily.MAX),
            Map.entry("last_over_time", StateFamily.LAST),
            Map.entry("present_over_time", StateFamily.PRESENT),
            Map.entry("stddev_over_time", StateFamily.VARIANCE),
            Map.entry("stdvar_over_time", StateFamily.VARIANCE),
            Map.entry("quantile_over_time", StateFamily.KLL),
            Map.entry("rate", StateFamily.COUNTER),
            Map.entry("increase", StateFamily.COUNTER),
            Map.entry("delta", StateFamily.COUNTER),
            Map.entry("resets", StateFamily.COUNTER),
            Map.entry("changes", StateFamily.COUNTER));

    private static final Set<String> FROM_SAMPLES = Set.of("rate", "increase", "delta");

    private static final Map<String, ExactSliding> SLIDING = Map.of(
            "sum_over_time", ExactSliding.SUM,
            "avg_over_time", ExactSliding.MEAN,
            "quantile_over_time", ExactSliding.QUANTILE);

    private static final Map<String, GridCorrectionKind> GRID_CORRECTIONS = Map.of(
            "sum_over_time", GridCorrectionKind.SUM,
            "count_over_time", GridCorrectionKind.COUNT,
            "avg_over_time", GridCorrectionKind.AVG,
            "quantile_over_time", GridCorrectionKind.QUANTILE,
            "max_over_time", GridCorrectionKind.MAX,
            "min_over_time", GridCorrectionKind.MIN,
            "rate", GridCorrectionKind.COUNTER,
            "increase", GridCorrectionKind.COUNTER,
            "delta", GridCorrectionKind.COUNTER);

    private static final Set<String> KEEP_NAME = Set.of("last_over_time", "first_over_time");

    private static final Map<String, ExtrapolatedRate> EXTRAPOLATED = Map.of(
            "rate", ExtrapolatedRate.RATE, "increase", ExtrapolatedRate.INCREASE, "delta", ExtrapolatedRate.DELTA);

    private static final Set<String> COUNTER_NAME_CHECKED = Set.of("rate", "increase");

    @Test
    void everyFunctionOfARangeVectorIsInTheTableWithTheParsersSignature() {
        Map<String, Function> parsed = new TreeMap<>();
        for (Function f : Functions.all()) {
            if (f.argTypes().contains(ValueType.MATRIX)) {
                parsed.put(f.name(), f);
            }
        }
        Map<String, Function> table = new TreeMap<>();
        for (RangeFunctionKind kind : RangeFunctionKind.values()) {
            table.put(kind.promqlName(), kind.signature());
            assertThat(Functions.lookup(kind.promqlName())).contains(kind.signature());
            assertThat(RangeFunctionKind.byName(kind.promqlName())).contains(kind);
        }
        assertThat(table).isEqualTo(parsed).hasSize(27);
        assertThat(RangeFunctionKind.byName("abs")).isEmpty();
    }

    @Test
    void signaturesAreThoseOfPrometheus() {
        assertThat(RangeFunctionKind.QUANTILE_OVER_TIME.signature().argTypes())
                .containsExactly(ValueType.SCALAR, ValueType.MATRIX);
        assertThat(RangeFunctionKind.PREDICT_LINEAR.signature().argTypes())
                .containsExactly(ValueType.MATRIX, ValueType.SCALAR);
        assertThat(RangeFunctionKind.DOUBLE_EXPONENTIAL_SMOOTHING.signature().argTypes())
                .containsExactly(ValueType.MATRIX, ValueType.SCALAR, ValueType.SCALAR);
        for (RangeFunctionKind kind : RangeFunctionKind.values()) {
            assertThat(kind.signature().variadic()).isZero();
            assertThat(kind.signature().returnType()).isEqualTo(ValueType.VECTOR);
        }
    }

    @Test
    void eachTraitIsWhatTheNameKeyedSetsSaid() {
        for (RangeFunctionKind kind : RangeFunctionKind.values()) {
            String name = kind.promqlName();
            assertThat(kind.viewFamily()).as(name).isEqualTo(Optional.ofNullable(VIEW_FAMILIES.get(name)));
            assertThat(kind.answersFromSamples()).as(name).isEqualTo(FROM_SAMPLES.contains(name));
            assertThat(kind.sliding()).as(name).isEqualTo(SLIDING.getOrDefault(name, ExactSliding.NONE));
            assertThat(kind.sliding().slides()).as(name).isEqualTo(SLIDING.containsKey(name));
            assertThat(kind.gridCorrection())
                    .as(name)
                    .isEqualTo(GRID_CORRECTIONS.getOrDefault(name, GridCorrectionKind.NONE));
            assertThat(kind.gridCorrection().supported()).as(name).isEqualTo(GRID_CORRECTIONS.containsKey(name));
            assertThat(kind.gridCorrection().readsCountCompanion())
                    .as(name)
                    .isEqualTo(GRID_CORRECTIONS.containsKey(name) && !name.equals("count_over_time"));
            assertThat(kind.keepsMetricName()).as(name).isEqualTo(KEEP_NAME.contains(name));
            assertThat(kind.perSeries()).as(name).isEqualTo(!name.equals("absent_over_time"));
            assertThat(kind.extrapolation()).as(name).isEqualTo(Optional.ofNullable(EXTRAPOLATED.get(name)));
            assertThat(kind.readsCounter()).as(name).isEqualTo(COUNTER_NAME_CHECKED.contains(name));
        }
    }
}
