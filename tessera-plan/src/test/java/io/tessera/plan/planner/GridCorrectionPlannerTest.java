package io.tessera.plan.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.plan.Fallback;
import io.tessera.plan.GridCorrection;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.sketch.StateFamily;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where the planner keeps a grid for corrections off it, and where it leaves the query to pane views or exact runs. */
class GridCorrectionPlannerTest {

    private static final long S = 1000;
    private static final long M = 60 * S;

    private static boolean hasCorrection(InstallablePlan plan) {
        for (int id = 0; id < plan.dag().size(); id++) {
            if (plan.dag().node(id) instanceof GridCorrection) {
                return true;
            }
        }
        return false;
    }

    private static long lastValueViews(InstallablePlan plan) {
        return plan.materializedViews().stream()
                .filter(v -> v.state().state().family() == StateFamily.LAST)
                .count();
    }

    @Test
    void aSumAtNowOverManySlowSeriesIsCorrectedFromAGridAndItsCount() {
        // 10,000 series at 10 s: pane views lose to exact runs (6 samples per 1-minute pane), a grid kept every minute
        // wins
        PlanResult r = Planner.plan(Workload.of(List.of(WorkloadQuery.instant("sum_over_time(x[1h])", M)))
                .withEstimates(10_000, 10 * S));
        assertThat(hasCorrection(r.plan())).as(r.explanation().text()).isTrue();
        assertThat(lastValueViews(r.plan())).isEqualTo(2);
        assertThat(r.explanation().text())
                .contains("corrected to \"now\"")
                .contains("of count_over_time beside query [0]");
        InstallablePlan back = InstallablePlanCodec.fromJson(InstallablePlanCodec.toJson(r.plan()));
        assertThat(back.materializedViews()).isEqualTo(r.plan().materializedViews());
    }

    @Test
    void aCountAtNowNeedsNoCompanion() {
        PlanResult r = Planner.plan(Workload.of(List.of(WorkloadQuery.instant("count_over_time(x[1h])", M)))
                .withEstimates(10_000, 10 * S));
        assertThat(hasCorrection(r.plan())).isTrue();
        assertThat(lastValueViews(r.plan())).isEqualTo(1);
    }

    @Test
    void cheapPaneViewsAtAFastScrapeBeatTheGrid() {
        // 1,000 series at 1 s, every 30 s: 30-second pane views read 120 merges per series; a grid would evaluate the
        // window twice a minute
        PlanResult r = Planner.plan(Workload.of(List.of(WorkloadQuery.instant("sum_over_time(x[1h])", 30 * S)))
                .withEstimates(1000, S));
        assertThat(hasCorrection(r.plan())).isFalse();
        assertThat(lastValueViews(r.plan())).isZero();
        assertThat(r.explanation().text()).contains("no evaluation-grid view for query [0] at \"now\"");
    }

    @Test
    void anAlignedRuleKeepsItsCountBesideItSoThatOffGridEvaluationsAreCorrected() {
        PlanResult r = Planner.plan(Workload.of(List.of(
                        WorkloadQuery.instant("quantile_over_time(0.99, x[1h])", M)
                                .alignedToInterval(),
                        WorkloadQuery.instant("avg_over_time(x[1h])", M).alignedToInterval(),
                        WorkloadQuery.instant("count_over_time(x[1h])", M).alignedToInterval(),
                        WorkloadQuery.instant("increase(c[1h])", M).alignedToInterval()))
                .withEstimates(10_000, 10 * S));
        // one count view of x serves both corrections and the count rule itself; the counter gets its own
        assertThat(lastValueViews(r.plan())).isEqualTo(5);
        int corrections = 0;
        for (int id = 0; id < r.plan().dag().size(); id++) {
            corrections += r.plan().dag().node(id) instanceof GridCorrection ? 1 : 0;
        }
        assertThat(corrections).isEqualTo(4);
        assertThat(r.plan().dag().node(r.plan().dag().roots().get(2))).isInstanceOf(Fallback.class);
    }

    @Test
    void aQuantileAtNowIsNotGivenAGridOfItsOwn() {
        PlanResult r = Planner.plan(Workload.of(List.of(WorkloadQuery.instant("quantile_over_time(0.5, x[1h])", M)))
                .withEstimates(10_000, 10 * S));
        assertThat(hasCorrection(r.plan())).isFalse();
    }
}
