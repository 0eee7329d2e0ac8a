package io.tessera.plan.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.LabelMatcher;
import io.tessera.plan.Materialization;
import io.tessera.plan.RangeFunction;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.plan.lowering.ViewMatcher;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CostModelTest {

    private static final CostConstants C = CostConstants.DEFAULTS;

    private static Reader reader(String function, long windowMs, double evalsPerSecond, long steps, boolean onGrid) {
        Scan scan = new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", "x")));
        RangeFunction f = new RangeFunction(function, 1, new int[0]);
        ViewMatcher.Match m = new ViewMatcher.Match(
                f,
                1,
                windowMs,
                0,
                null,
                f.functionKind().orElseThrow().viewFamily().orElseThrow());
        assertThat(scan).isNotNull();
        return new Reader(2, m, List.of(new Reach(0, evalsPerSecond, steps, 0, 0, 30_000, onGrid, false)));
    }

    @Test
    void exactCostGrowsWithSeriesWindowEvaluationsAndSteps() {
        Reader base = reader("sum_over_time", 3_600_000, 1 / 30.0, 1, false);
        CostModel model = new CostModel(C, 1000, 15_000);
        double cost = model.exact(base);
        assertThat(new CostModel(C, 2000, 15_000).exact(base)).isGreaterThan(cost);
        assertThat(new CostModel(C, 1000, 5_000).exact(base)).isGreaterThan(cost);
        assertThat(model.exact(reader("sum_over_time", 7_200_000, 1 / 30.0, 1, false)))
                .isGreaterThan(cost);
        assertThat(model.exact(reader("sum_over_time", 3_600_000, 1 / 10.0, 1, false)))
                .isGreaterThan(cost);
        assertThat(model.exact(reader("sum_over_time", 3_600_000, 1 / 30.0, 100, false)))
                .isGreaterThan(cost);
        assertThat(model.exact(reader("quantile_over_time", 3_600_000, 1 / 30.0, 1, false)))
                .isGreaterThan(cost);
    }

    @Test
    void exactRangeQueriesOfSlidingFunctionsPayForTheFirstWindowAndThenWhatEntersAndLeaves() {
        CostModel model = new CostModel(C, 1000, 15_000);
        // 120 steps 30 s apart over a 1 h window: each step shares all but two samples with the one before
        double sum = model.exact(reader("sum_over_time", 3_600_000, 1 / 30.0, 120, false));
        double max = model.exact(reader("max_over_time", 3_600_000, 1 / 30.0, 120, false));
        double oneSum = model.exact(reader("sum_over_time", 3_600_000, 1 / 30.0, 1, false));
        assertThat(max).isGreaterThan(10 * sum);
        assertThat(sum).isBetween(oneSum, 4 * oneSum);
        // steps as far apart as the window share nothing: no cheaper than evaluating each alone
        double apart = model.exact(reader("sum_over_time", 30_000, 1 / 30.0, 120, false));
        assertThat(apart).isEqualTo(model.exact(reader("max_over_time", 30_000, 1 / 30.0, 120, false)));
    }

    @Test
    void viewReadsGrowWithNarrowerPanesAndCostlierMerges() {
        CostModel model = new CostModel(C, 1000, 15_000);
        Reader sum = reader("sum_over_time", 3_600_000, 1 / 30.0, 1, true);
        assertThat(model.viewRead(sum, 30_000)).isGreaterThan(model.viewRead(sum, 60_000));
        assertThat(model.viewRead(reader("quantile_over_time", 3_600_000, 1 / 30.0, 1, true), 60_000))
                .isGreaterThan(model.viewRead(sum, 60_000));
        assertThat(model.viewRead(reader("sum_over_time", 3_600_000, 1 / 30.0, 1, false), 60_000))
                .isGreaterThan(model.viewRead(sum, 60_000));
    }

    @Test
    void upkeepGrowsWithRetentionAndSeriesAndShrinksWithWiderPanes() {
        CostModel model = new CostModel(C, 1000, 15_000);
        StateSpec sum = StateSpec.of(StateFamily.SUM);
        for (Materialization.Mode mode : Materialization.Mode.values()) {
            double base = model.upkeep(mode, sum, 60_000, 3_660_000);
            assertThat(model.upkeep(mode, sum, 60_000, 7_260_000)).isGreaterThan(base);
            assertThat(model.upkeep(mode, sum, 30_000, 3_660_000)).isGreaterThan(base);
            assertThat(new CostModel(C, 5000, 15_000).upkeep(mode, sum, 60_000, 3_660_000))
                    .isGreaterThan(base);
        }
        StateSpec kll = new StateSpec(StateFamily.KLL, Map.of("k", 268.0));
        assertThat(model.memoryBytes(kll, 60_000, 3_660_000)).isGreaterThan(model.memoryBytes(sum, 60_000, 3_660_000));
    }

    @Test
    void kllStatesGrowWithTheirSamplesUpToTheSketchBound() {
        StateSpec kll = new StateSpec(StateFamily.KLL, Map.of("k", 200.0));
        assertThat(CostModel.stateBytes(kll, 100)).isGreaterThan(CostModel.stateBytes(kll, 4));
        assertThat(CostModel.stateBytes(kll, 100_000)).isLessThan(100_000L * 8);
    }

    @Test
    void kllKIsTheSmallestMeetingTheTarget() {
        int k = SketchParameters.kllK(0.01);
        assertThat(SketchParameters.kllRankError(k)).isLessThanOrEqualTo(0.01);
        assertThat(SketchParameters.kllRankError(k - 1)).isGreaterThan(0.01);
        assertThat(SketchParameters.kllK(0.005)).isGreaterThan(k);
        assertThat(SketchParameters.kllK(1e-6)).isEqualTo(-1);
        assertThat(SketchParameters.kllK(0)).isEqualTo(-1);
        assertThat(new io.tessera.sketch.KllState(k).errorBound().error()).isLessThanOrEqualTo(0.01);
    }
}
