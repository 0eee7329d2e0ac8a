package io.tessera.plan.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.plan.DefinitionIds;
import io.tessera.plan.Fallback;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.plan.ViewValue;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.plan.workload.AccuracyTarget;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.sketch.StateFamily;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlannerTest {

    private static final long S = 1000;
    private static final long M = 60 * S;
    private static final long H = 60 * M;

    @Test
    void dashboardEvery30sOverOneHourWindowsIsBuiltAtIngestionWith30sPanes() {
        Workload w = Workload.of(List.of(WorkloadQuery.instant("sum_over_time(x[1h])", 30 * S)))
                .withEstimates(1000, S);
        PlanResult result = Planner.plan(w);
        List<MaterializedView> views = result.plan().materializedViews();
        assertThat(views).hasSize(1);
        MaterializedView v = views.getFirst();
        assertThat(v.materialization().mode()).isEqualTo(Materialization.Mode.AT_INGESTION);
        assertThat(v.paneMs()).isEqualTo(30 * S);
        assertThat(v.materialization().retentionMs()).isEqualTo(H + 30 * S + Reader.BEHIND_NOW_MS);
        assertThat(v.state().state().family()).isEqualTo(StateFamily.SUM);
        assertThat(result.plan().dag().node(result.plan().dag().roots().getFirst()))
                .isInstanceOf(Fallback.class);
        assertThat(result.explanation().text())
                .contains("AT_INGESTION")
                .contains("chosen")
                .contains("pane 30s")
                .contains("serves queries [0]");
    }

    @Test
    void oneOffQueryRunsAtQueryTime() {
        Workload w = Workload.of(List.of(WorkloadQuery.instant("sum_over_time(x[1h])", 0)))
                .withEstimates(1000, S);
        PlanResult result = Planner.plan(w);
        assertThat(result.plan().materializedViews()).isEmpty();
        assertThat(result.explanation().candidates()).hasSize(1);
        assertThat(result.explanation().candidates().getFirst().chosen()).isFalse();
        assertThat(result.explanation().candidates().getFirst().reasons().get("AT_QUERY_KEPT"))
                .contains("one-off");
    }

    @Test
    void twoQueriesSharingAViewGetOneView() {
        Workload w = Workload.of(List.of(
                        WorkloadQuery.instant("rate(c{job=\"api\"}[1h])", 30 * S),
                        WorkloadQuery.instant("sum by (instance) (increase(c{job=\"api\"}[2h]))", M)))
                .withEstimates(1000, S);
        PlanResult result = Planner.plan(w);
        List<MaterializedView> views = result.plan().materializedViews();
        assertThat(views).hasSize(1);
        assertThat(views.getFirst().state().state().family()).isEqualTo(StateFamily.COUNTER);
        assertThat(views.getFirst().paneMs()).isEqualTo(30 * S);
        assertThat(views.getFirst().materialization().retentionMs()).isEqualTo(2 * H + 30 * S + Reader.BEHIND_NOW_MS);
        assertThat(result.explanation().views().getFirst().servedQueries()).containsExactly(0, 1);
    }

    @Test
    void atAFifteenSecondScrapeThirtySecondPanesHoldTwoSamplesAndExactWins() {
        Workload w = Workload.of(List.of(WorkloadQuery.instant("sum_over_time(x[1h])", 30 * S)));
        // no pane view; what the query at "now" gets instead is GridCorrectionPlannerTest's subject
        assertThat(Planner.plan(w).plan().materializedViews())
                .noneMatch(v -> v.state().state().family() == StateFamily.SUM);
    }

    @Test
    void moreFrequentEvaluationNeverTurnsAViewBackIntoExact() {
        boolean sawView = false;
        for (long every : new long[] {3600 * S, 600 * S, 120 * S, 60 * S, 30 * S, 10 * S, 5 * S}) {
            Workload w = Workload.of(List.of(WorkloadQuery.instant("max_over_time(x[1h])", every)))
                    .withEstimates(1000, S);
            boolean view = !Planner.plan(w).plan().materializedViews().isEmpty();
            assertThat(view || !sawView).as("every %d ms", every).isTrue();
            sawView |= view;
        }
        assertThat(sawView).isTrue();
    }

    @Test
    void morePlanCostNeverExceedsExactCost() {
        for (String q : List.of(
                "sum_over_time(x[1h])",
                "quantile_over_time(0.9, x[1h])",
                "rate(c[5m])",
                "max_over_time(rate(c[5m])[1h:1m])",
                "increase(c[1h] offset 1d)")) {
            for (long every : new long[] {0, 15 * S, 5 * M}) {
                Explanation e = Planner.plan(Workload.of(List.of(WorkloadQuery.instant(q, every)))
                                .withEstimates(5000, S))
                        .explanation();
                assertThat(e.planCostPerSecond()).as(q).isLessThanOrEqualTo(e.exactCostPerSecond() * (1 + 1e-12));
            }
        }
    }

    @Test
    void aRangeDashboardGetsPanesOfItsStepAndRetentionOverItsRange() {
        Workload w = Workload.of(List.of(WorkloadQuery.range("sum by (job) (rate(c[5m]))", 24 * H, 15 * S, M)))
                .withEstimates(10_000, S);
        PlanResult planned = Planner.plan(w);
        List<MaterializedView> views = planned.plan().materializedViews();
        assertThat(views).hasSize(2);
        MaterializedView panes = views.stream()
                .filter(v -> v.state().state().family() == StateFamily.COUNTER)
                .findFirst()
                .orElseThrow();
        assertThat(panes.paneMs()).isEqualTo(15 * S);
        assertThat(panes.materialization().retentionMs()).isEqualTo(24 * H + 5 * M + 15 * S + Reader.BEHIND_NOW_MS);
        // and the whole query's result kept at its step grid: each refresh reads 5,761 kept points
        MaterializedView values = views.stream()
                .filter(v -> v.state().state().family() == StateFamily.LAST)
                .findFirst()
                .orElseThrow();
        assertThat(values.paneMs()).isEqualTo(15 * S);
        assertThat(values.materialization().retentionMs()).isEqualTo(24 * H + GridViewPlanner.SPARE_STEPS * 15 * S);
        assertThat(planned.explanation().text())
                .contains("evaluation-grid view")
                .contains("of query [0]");
        // a one-off range query is not worth keeping
        assertThat(Planner.plan(Workload.of(
                                        List.of(WorkloadQuery.range("sum by (job) (rate(c[5m]))", 24 * H, 15 * S, 0)))
                                .withEstimates(10_000, S))
                        .plan()
                        .materializedViews())
                .noneMatch(v -> v.state().state().family() == StateFamily.LAST);
    }

    @Test
    void offsetsAndSubqueriesLengthenRetention() {
        Workload w = Workload.of(List.of(
                        WorkloadQuery.instant("increase(c[1h] offset 6h)", M),
                        WorkloadQuery.instant("max_over_time(rate(c[5m])[6h:1m])", M)))
                .withEstimates(10_000, S);
        List<MaterializedView> views = Planner.plan(w).plan().materializedViews();
        assertThat(views).hasSize(1);
        assertThat(views.getFirst().paneMs()).isEqualTo(M);
        assertThat(views.getFirst().materialization().retentionMs()).isEqualTo(7 * H + M + Reader.BEHIND_NOW_MS);
        Workload sub = Workload.of(List.of(WorkloadQuery.instant("max_over_time(rate(c[5m])[6h:1m])", M)))
                .withEstimates(10_000, S);
        MaterializedView v = Planner.plan(sub).plan().materializedViews().getFirst();
        assertThat(v.paneMs()).isEqualTo(M);
        assertThat(v.materialization().retentionMs()).isEqualTo(6 * H + 5 * M + M + Reader.BEHIND_NOW_MS);
    }

    @Test
    void quantileSketchParametersComeFromTheStrictestTarget() {
        Workload w = Workload.of(List.of(
                        new WorkloadQuery(
                                "quantile_over_time(0.99, x[10m])",
                                WorkloadQuery.Type.INSTANT,
                                0,
                                0,
                                10 * S,
                                new AccuracyTarget(0.02, 0.02)),
                        new WorkloadQuery(
                                "quantile_over_time(0.5, x[10m])",
                                WorkloadQuery.Type.INSTANT,
                                0,
                                0,
                                10 * S,
                                new AccuracyTarget(0.005, 0.02))))
                .withEstimates(1000, 100);
        Explanation e = Planner.plan(w).explanation();
        assertThat(e.candidates()).hasSize(1);
        assertThat(e.candidates().getFirst().state().param("k", 0)).isEqualTo(SketchParameters.kllK(0.005));
    }

    @Test
    void anUnreachableAccuracyTargetRejectsTheSketch() {
        Workload w = Workload.of(List.of(new WorkloadQuery(
                        "quantile_over_time(0.99, x[1h])",
                        WorkloadQuery.Type.INSTANT,
                        0,
                        0,
                        10 * S,
                        new AccuracyTarget(1e-6, 0.02))))
                .withEstimates(100_000, S);
        PlanResult r = Planner.plan(w);
        assertThat(r.plan().materializedViews()).isEmpty();
        assertThat(r.explanation().text()).contains("cannot meet the accuracy target");
    }

    @Test
    void withoutIngestionAViewIsKeptByQueryRuns() {
        Workload w = Workload.of(List.of(WorkloadQuery.instant("sum_over_time(x[1h])", 30 * S)))
                .withEstimates(1000, S)
                .withIngestion(false);
        List<MaterializedView> views = Planner.plan(w).plan().materializedViews();
        assertThat(views).hasSize(1);
        assertThat(views.getFirst().materialization().mode()).isEqualTo(Materialization.Mode.AT_QUERY_KEPT);
    }

    @Test
    void nonAccelerableFunctionsAreExplained() {
        Workload w = Workload.of(List.of(WorkloadQuery.instant("irate(c[5m]) + sum_over_time(x[5m:1m])", 30 * S)));
        Explanation e = Planner.plan(w).explanation();
        assertThat(e.notAccelerated()).anyMatch(s -> s.contains("irate")).anyMatch(s -> s.contains("subquery"));
    }

    @Test
    void materializedViewsAreDerivedFromTheDag() {
        Workload w = Workload.of(List.of(
                        WorkloadQuery.instant("sum_over_time(x[1h])", 30 * S),
                        WorkloadQuery.instant("rate(c[1h])", 30 * S)))
                .withEstimates(1000, S);
        InstallablePlan plan = Planner.plan(w).plan();
        List<MaterializedView> views = plan.materializedViews();
        assertThat(views).hasSize(2);
        for (MaterializedView v : views) {
            assertThat(plan.dag().node(v.node())).isEqualTo(v.state());
            assertThat(v.definitionId())
                    .isEqualTo(DefinitionIds.of(plan.dag(), v.node()))
                    .startsWith("sha256:");
            assertThat(v.inputs()).isEmpty();
            assertThat(v.materialization().retentionMs()).isEqualTo(H + 30 * S + Reader.BEHIND_NOW_MS);
        }
        assertThat(views.get(0).definitionId()).isNotEqualTo(views.get(1).definitionId());
        InstallablePlan back = InstallablePlanCodec.fromJson(InstallablePlanCodec.toJson(plan));
        assertThat(back.materializedViews()).isEqualTo(views);
    }

    @Test
    void anAlignedRuleKeepsItsResultAtItsIntervalAndAnInstantQueryAtNowDoesNot() {
        WorkloadQuery rule = WorkloadQuery.instant("quantile_over_time(0.99, x[1h])", M);
        List<MaterializedView> aligned =
                planBusy(rule.alignedToInterval()).plan().materializedViews();
        MaterializedView values = aligned.stream()
                .filter(v -> v.state().state().family() == StateFamily.LAST)
                .findFirst()
                .orElseThrow();
        assertThat(values.paneMs()).isEqualTo(M);
        assertThat(values.materialization().retentionMs()).isEqualTo(GridViewPlanner.SPARE_STEPS * M);
        assertThat(viewsOf(planBusy(rule), StateFamily.LAST)).isEmpty();
        // a cheap rule over a handful of series is not worth a view
        assertThat(Planner.plan(Workload.of(
                                        List.of(WorkloadQuery.instant("up", M).alignedToInterval()))
                                .withEstimates(1, M))
                        .explanation()
                        .text())
                .contains("no evaluation-grid view for query [0]");
    }

    @Test
    void theWorkloadFileSaysWhichInstantQueriesAreAligned() {
        Workload w = Workload.parse("""
                queries:
                  - query: sum(rate(c[5m]))
                    every: 1m
                    aligned: true
                """);
        assertThat(w.queries().getFirst().aligned()).isTrue();
        Workload ranges = Workload.parse("""
                queries:
                  - query: sum(rate(c[5m]))
                    type: range
                    range: 1h
                    step: 15s
                    every: 1m
                  - query: sum(rate(c[5m]))
                    type: range
                    range: 1h
                    step: 15s
                    every: 1m
                    aligned: false
                """);
        assertThat(ranges.queries().get(0).aligned())
                .as("a range query's steps are aligned unless it says otherwise")
                .isTrue();
        assertThat(ranges.queries().get(1).aligned()).isFalse();
        assertThat(ranges.queries().get(1).describeSchedule()).contains("(unaligned)");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Workload.parse("""
                queries:
                  - query: sum(rate(c[5m]))
                    aligned: true
                """))
                .hasMessageContaining("queries[0]: only a periodic instant query is aligned");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Workload.parse("""
                queries:
                  - query: up
                    aligned: "yes"
                """))
                .hasMessageContaining(".aligned: expected true or false");
    }

    @Test
    void instantQuantilesAtNowGetAKllViewWhosePanesHoldTheirValues() {
        // a dashboard's quantile panels at "now" over 1,000 series at 1 s: a 15 s pane holds its 15 values, so the
        // quantiles are exact from blocks of sorted values (priced as 240 KLL merges a window, no view was chosen)
        String panels = """
                queries:
                  - query: quantile_over_time(0.99, x[1h])
                    every: 15s
                  - query: quantile_over_time(0.5, x[1h])
                    every: 15s
                """;
        PlanResult held = Planner.plan(Workload.parse("series: 1000\nscrape_interval: 1s\n" + panels));
        assertThat(held.plan().materializedViews())
                .as(held.explanation().text())
                .anyMatch(v -> v.state().state().family() == StateFamily.KLL && v.paneMs() == 15 * S);
    }

    @Test
    void anExactRangePanelOfASlidingFunctionIsPricedAsTheEngineRunsIt() {
        // the same panel of sum_over_time and of max_over_time: 180 steps a minute apart over 1 h windows
        double sum = exactMicrosOfGridDecision("sum_over_time(x[1h])");
        double max = exactMicrosOfGridDecision("max_over_time(x[1h])");
        // max_over_time touches every window whole (240 samples a step); sum_over_time carries the window (8 a step)
        assertThat(max / sum).isBetween(10.0, 40.0);
    }

    private static double exactMicrosOfGridDecision(String query) {
        WorkloadQuery panel = WorkloadQuery.range(query, 3 * 3_600_000, 60 * S, 60 * S);
        String text = Planner.plan(Workload.of(List.of(panel)).withEstimates(1_000, 15 * S))
                .explanation()
                .text();
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile("vs exact ([0-9.e+]+) µs/s").matcher(text);
        assertThat(m.find()).as(text).isTrue();
        return Double.parseDouble(m.group(1));
    }

    /** The plan for {@code queries} over 10,000 series scraped every 10 s. */
    private static PlanResult planBusy(WorkloadQuery... queries) {
        return Planner.plan(Workload.of(List.of(queries)).withEstimates(10_000, 10 * S));
    }

    /**
     * The plan for a panel of {@code query} over 1 h at 15 s refreshed every 30 s, aligned and
     * unaligned, after checking that only the unaligned one gets a view of {@code family}, one,
     * kept at least {@code minRetentionMs}.
     */
    private static PlanResult planPanelAlignedAndNot(String query, StateFamily family, long minRetentionMs) {
        WorkloadQuery panel = WorkloadQuery.range(query, 3_600_000, 15 * S, 30 * S);
        assertThat(viewsOf(planBusy(panel), family)).isEmpty();
        PlanResult both = planBusy(panel, panel.unaligned());
        assertThat(viewsOf(both, family))
                .singleElement()
                .satisfies(v ->
                        assertThat(v.state().materialization().retentionMs()).isGreaterThanOrEqualTo(minRetentionMs));
        return both;
    }

    private static List<MaterializedView> viewsOf(PlanResult result, StateFamily family) {
        return result.plan().materializedViews().stream()
                .filter(v -> v.state().state().family() == family)
                .toList();
    }

    /** The family of the view that the ViewValue node {@code id} reads. */
    private static StateFamily viewValueFamily(PhysicalDag dag, int id) {
        return ((PaneState) dag.node(((ViewValue) dag.node(id)).view())).state().family();
    }

    @Test
    void anUnalignedRangeQueryOfARateGetsAViewThatKeepsTheSamples() {
        PlanResult both = planPanelAlignedAndNot("rate(c[5m])", StateFamily.SAMPLES, 3_600_000 + 300_000);
        assertThat(both.explanation().text()).contains("samples view").contains("unaligned range queries [1]");
        PhysicalDag dag = both.plan().dag();
        boolean reads = false;
        for (int id = 0; id < dag.size(); id++) {
            if (dag.node(id) instanceof ViewRangeFunction v
                    && v.function().equals("rate")
                    && ((PaneState) dag.node(v.view())).state().family() == StateFamily.SAMPLES) {
                reads = true;
            }
        }
        assertThat(reads).as("the rate reads the samples view").isTrue();
        // asked once a day, the sweeps do not pay for keeping every sample
        PlanResult daily = planBusy(WorkloadQuery.range("rate(c[5m])", 3_600_000, 15 * S, 86_400 * S)
                .unaligned());
        assertThat(viewsOf(daily, StateFamily.SAMPLES)).isEmpty();
        assertThat(daily.explanation().text()).contains("no samples view of c");
    }

    @Test
    void anUnalignedRangeQueryOfASumOfRatesGetsACurveViewInsteadOfSweeps() {
        PlanResult both = planPanelAlignedAndNot("sum by (job) (rate(c[5m]))", StateFamily.CURVE, 3_600_000 + 60_000);
        assertThat(both.plan().materializedViews())
                .as("the curve answers what a samples view would be swept for")
                .noneMatch(v -> v.state().state().family() == StateFamily.SAMPLES);
        assertThat(both.explanation().text()).contains("curve view").contains("queries [1]");
        PhysicalDag dag = both.plan().dag();
        // on the grid the kept values answer; off it the curve; then the exact engine
        Fallback root = (Fallback) dag.node(dag.roots().get(1));
        assertThat(viewValueFamily(dag, root.preferred())).isEqualTo(StateFamily.LAST);
        Fallback next = (Fallback) dag.node(root.exact());
        assertThat(viewValueFamily(dag, next.preferred())).isEqualTo(StateFamily.CURVE);
        PlanResult daily = planBusy(WorkloadQuery.range("sum by (job) (rate(c[5m]))", 3_600_000, 15 * S, 86_400 * S)
                .unaligned());
        assertThat(viewsOf(daily, StateFamily.CURVE)).isEmpty();
        assertThat(daily.explanation().text()).contains("no curve view for queries [0]");
    }
}
