package io.tessera.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.sketch.StateFamily;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlannerTest {

    private static final long S = 1000;
    private static final long M = 60 * S;
    private static final long H = 60 * M;

    @Test
    void dashboardEvery30sOverOneHourWindowsIsBuiltAtIngestionWith30sPanes() {
        Workload w = Workload.of(List.of(WorkloadQuery.instant("sum_over_time(x[1h])", 30 * S))).withEstimates(1000, S);
        PlanResult result = Planner.plan(w);
        List<MaterializedView> views = result.plan().materializedViews();
        assertThat(views).hasSize(1);
        MaterializedView v = views.getFirst();
        assertThat(v.materialization().mode()).isEqualTo(Materialization.Mode.AT_INGESTION);
        assertThat(v.paneMs()).isEqualTo(30 * S);
        assertThat(v.materialization().retentionMs()).isEqualTo(H + 30 * S);
        assertThat(v.state().state().family()).isEqualTo(StateFamily.SUM);
        assertThat(result.plan().dag().node(result.plan().dag().roots().getFirst())).isInstanceOf(Fallback.class);
        assertThat(result.explanation().text()).contains("AT_INGESTION").contains("chosen").contains("pane 30s")
                .contains("serves queries [0]");
    }

    @Test
    void oneOffQueryRunsAtQueryTime() {
        Workload w = Workload.of(List.of(WorkloadQuery.instant("sum_over_time(x[1h])", 0))).withEstimates(1000, S);
        PlanResult result = Planner.plan(w);
        assertThat(result.plan().materializedViews()).isEmpty();
        assertThat(result.explanation().candidates()).hasSize(1);
        assertThat(result.explanation().candidates().getFirst().chosen()).isFalse();
        assertThat(result.explanation().candidates().getFirst().reasons().get("AT_QUERY_KEPT")).contains("one-off");
    }

    @Test
    void twoQueriesSharingAViewGetOneView() {
        Workload w = Workload.of(List.of(
                WorkloadQuery.instant("rate(c{job=\"api\"}[1h])", 30 * S),
                WorkloadQuery.instant("sum by (instance) (increase(c{job=\"api\"}[2h]))", M))).withEstimates(1000, S);
        PlanResult result = Planner.plan(w);
        List<MaterializedView> views = result.plan().materializedViews();
        assertThat(views).hasSize(1);
        assertThat(views.getFirst().state().state().family()).isEqualTo(StateFamily.COUNTER);
        assertThat(views.getFirst().paneMs()).isEqualTo(30 * S);
        assertThat(views.getFirst().materialization().retentionMs()).isEqualTo(2 * H + 30 * S);
        assertThat(result.explanation().views().getFirst().servedQueries()).containsExactly(0, 1);
        System.out.println(result.explanation().text());
    }
}
