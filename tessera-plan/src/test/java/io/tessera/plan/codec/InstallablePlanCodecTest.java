package io.tessera.plan.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.plan.EvalTimeAnchor;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.NumberLiteral;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.RangeFunction;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.plan.TestPlans;
import io.tessera.plan.TimeRange;
import io.tessera.plan.TimeShift;
import io.tessera.plan.ValueKind;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.plan.ViewValue;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class InstallablePlanCodecTest {

    static Stream<String> queries() {
        return Stream.of(
                "sum_over_time(x[1h])",
                "quantile_over_time(0.99, latency{job=\"api\"}[1h])",
                "x offset 1h",
                "rate(c[5m] offset 1h)",
                "increase(c[1h] @ 1700000000)",
                "avg_over_time(x[10m] @ end())",
                "max_over_time(rate(c[5m])[1h:1m])",
                "sum by (job) (rate(c{job=~\"a.*\"}[5m]))",
                "topk(5, sum by (instance) (rate(c[5m])))",
                "quantile by (job) (0.99, x)",
                "sum_over_time(x[1h]) / count_over_time(x[1h]) > bool 2",
                "a * on (job) group_left (team) b",
                "-x + NaN",
                "Inf - x",
                "label_replace(x, \"dst\", \"$1\", \"src\", \"(.*)\")",
                "absent(nope{job=\"a\"})",
                "absent_over_time(nope[5m])",
                "count_values(\"v\", x)",
                "stddev_over_time(x[30m]) and stdvar_over_time(x[30m])",
                "changes(x[1h]) + resets(x[1h]) - delta(x[1h])",
                "last_over_time(x[1h]) or present_over_time(x[1h])",
                "irate(c[5m])",
                "time() - timestamp(x)",
                "sum_over_time(x[5m:30s])");
    }

    @ParameterizedTest
    @MethodSource("queries")
    void roundTripOfPlannedQueries(String query) {
        Workload w = Workload.of(List.of(
                        WorkloadQuery.instant(query, 30_000), WorkloadQuery.range(query, 3_600_000, 15_000, 60_000)))
                .withEstimates(10_000, 1_000);
        InstallablePlan plan = Planner.plan(w).plan();
        String json = InstallablePlanCodec.toJson(plan);
        assertThat(InstallablePlanCodec.fromJson(json)).isEqualTo(plan);
        assertThat(InstallablePlanCodec.toJson(InstallablePlanCodec.fromJson(json)))
                .isEqualTo(json);
    }

    @Test
    void roundTripOfAWholeWorkloadWithViews() {
        Workload w = Workload.of(
                        queries().map(q -> WorkloadQuery.instant(q, 30_000)).toList())
                .withEstimates(10_000, 1_000);
        InstallablePlan plan = Planner.plan(w).plan();
        assertThat(plan.materializedViews()).isNotEmpty();
        assertThat(InstallablePlanCodec.fromJson(InstallablePlanCodec.toJson(plan)))
                .isEqualTo(plan);
    }

    @Test
    void everyNodeKindRoundTrips() {
        InstallablePlan plan = TestPlans.allKinds();
        String json = InstallablePlanCodec.toJson(plan);
        for (String kind : List.of(
                "scan",
                "time_range",
                "time_shift",
                "range_function",
                "subquery",
                "instant_function",
                "vector_aggregate",
                "vector_binary",
                "negate",
                "number_literal",
                "string_literal",
                "pane_state",
                "view_range_function",
                "fallback")) {
            assertThat(json).contains("\"kind\" : \"" + kind + "\"");
        }
        assertThat(InstallablePlanCodec.fromJson(json)).isEqualTo(plan);
    }

    @Test
    void rejectsAnUnknownWireVersion() {
        String json = InstallablePlanCodec.toJson(TestPlans.allKinds())
                .replace("\"wire_version\" : 1", "\"wire_version\" : 2");
        assertThatThrownBy(() -> InstallablePlanCodec.fromJson(json))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("$.wire_version")
                .hasMessageContaining("unknown plan wire version 2");
    }

    static Stream<Arguments> editsTheCodecRejects() {
        return Stream.of(
                rejected(j -> j.replaceFirst("\\{", "{ \"extra\" : 1,"), "$: unknown field 'extra'"),
                rejected(
                        j -> j.replace("\"kind\" : \"scan\"", "\"kind\" : \"scan\", \"x\" : 0"),
                        "$.dag.nodes[0]: unknown field 'x'"),
                rejected(
                        j -> j.replace("\"pane_ms\"", "\"bogus\" : 1, \"pane_ms\""),
                        "materialization: unknown field 'bogus'"),
                rejected(j -> j.replace("\"roots\"", "\"edges\" : [], \"roots\""), "$.dag: unknown field 'edges'"),
                rejected(
                        j -> j.replace("\"kind\" : \"negate\"", "\"kind\" : \"negation\""),
                        "unknown node kind 'negation'"),
                rejected(
                        j -> j.replace("\"family\" : \"kll\"", "\"family\" : \"t_digest\""),
                        "state.family: unknown value 't_digest'"),
                rejected(j -> j.replace("\"type\" : \"=~\"", "\"type\" : \"~~\""), "matchers[1].type"),
                rejected(j -> "{\"wire_version\": 1}", "missing field 'dag'"),
                rejected(j -> "[1]", "$: expected an object"),
                rejected(j -> "{", "not valid JSON"),
                rejected(
                        j -> j.replaceFirst("\"input\" : 0", "\"input\" : 1"),
                        "$.dag.nodes[1].input: node 1 is not an earlier node"),
                rejected(j -> j.replaceFirst("\"id\" : 1,", "\"id\" : 7,"), "$.dag.nodes[1].id"));
    }

    private static Arguments rejected(UnaryOperator<String> edit, String message) {
        return Arguments.of(edit, message);
    }

    /** Unknown fields at every level, unknown kinds and values, inputs that are not earlier nodes, bad JSON. */
    @ParameterizedTest(name = "{1}")
    @MethodSource("editsTheCodecRejects")
    void rejectsAnEditedPlan(UnaryOperator<String> edit, String message) {
        String json = edit.apply(InstallablePlanCodec.toJson(TestPlans.allKinds()));
        assertThatThrownBy(() -> InstallablePlanCodec.fromJson(json))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(message);
    }

    // DAG rules, on plans built directly

    private static final Scan SCAN = new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", "x")));
    private static final Materialization ING =
            new Materialization(Materialization.Mode.AT_INGESTION, 60_000, 0, 3_660_000);

    private static InstallablePlan plan(List<PlanNode> nodes, int... roots) {
        List<Integer> r = java.util.Arrays.stream(roots).boxed().toList();
        return InstallablePlan.of(
                new PhysicalDag(nodes, r), r.stream().map(i -> "q" + i).toList());
    }

    /** A plan reading {@code function} over {@code windowMs} from a SUM pane view over a time range of x. */
    private static InstallablePlan sumViewRead(
            TimeRange.Kind rangeKind, long rangeMs, Materialization m, String function, long windowMs) {
        return plan(
                List.of(
                        SCAN,
                        new TimeRange(0, rangeKind, rangeMs),
                        new PaneState(1, StateSpec.of(StateFamily.SUM), Grouping.PER_SERIES, m),
                        new ViewRangeFunction(function, 2, windowMs, new int[0])),
                3);
    }

    @Test
    void rejectsATimeRangeOverSomethingOtherThanAScan() {
        assertThatThrownBy(() -> plan(
                        List.of(
                                new NumberLiteral(1),
                                new TimeRange(0, TimeRange.Kind.RANGE, 1000),
                                new RangeFunction("rate", 1, new int[0])),
                        2))
                .hasMessageContaining("$.dag.nodes[1] (time_range): a time range reads a scan");
    }

    @Test
    void rejectsAPaneStateWhoseRangeIsNotItsPane() {
        assertThatThrownBy(() -> sumViewRead(TimeRange.Kind.RANGE, 30_000, ING, "sum_over_time", 3_600_000))
                .hasMessageContaining("its pane is 60000 ms but its input time range (node 1) is 30000 ms");
    }

    @Test
    void rejectsAViewReadWhoseWindowIsNotAMultipleOfThePane() {
        assertThatThrownBy(() -> sumViewRead(TimeRange.Kind.RANGE, 60_000, ING, "sum_over_time", 90_000))
                .hasMessageContaining("window 90000 ms is not a positive multiple of the view's pane width 60000 ms");
    }

    @Test
    void rejectsAViewReadOfAnUnmaterializedPaneStateOrTheWrongFamily() {
        assertThatThrownBy(() -> sumViewRead(TimeRange.Kind.RANGE, 60_000, null, "sum_over_time", 60_000))
                .hasMessageContaining("reads a materialized pane state");
        assertThatThrownBy(() -> sumViewRead(TimeRange.Kind.RANGE, 60_000, ING, "max_over_time", 60_000))
                .hasMessageContaining("max_over_time cannot be answered from a SUM view");
    }

    @Test
    void rejectsRetentionShorterThanWindowPlusOffsetPlusPane() {
        List<PlanNode> nodes = List.of(
                SCAN,
                new TimeRange(0, TimeRange.Kind.RANGE, 60_000),
                new PaneState(1, StateSpec.of(StateFamily.SUM), Grouping.PER_SERIES, ING),
                new ViewRangeFunction("sum_over_time", 2, 3_600_000, new int[0]),
                new TimeShift(3, 60_000, null, ValueKind.INSTANT_VECTOR));
        assertThat(plan(nodes.subList(0, 4), 3).materializedViews()).hasSize(1);
        assertThatThrownBy(() -> plan(nodes, 4))
                .hasMessageContaining("retention 3660000 ms is shorter than window + offset + pane = 3720000 ms");
        // under @ the window is pinned: the view may simply miss, which the Fallback handles
        assertThat(plan(
                                List.of(
                                        nodes.get(0),
                                        nodes.get(1),
                                        nodes.get(2),
                                        nodes.get(3),
                                        new TimeShift(
                                                3, 60_000, new EvalTimeAnchor.Fixed(5), ValueKind.INSTANT_VECTOR)),
                                4)
                        .dag()
                        .size())
                .isEqualTo(5);
    }

    @Test
    void rejectsQueryTimeNodesBelowAnIngestionView() {
        // a pane state over an instant vector keeps that vector's values, so it must be a last-value state
        assertThatThrownBy(() -> sumViewRead(TimeRange.Kind.INSTANT, 60_000, ING, "sum_over_time", 60_000))
                .hasMessageContaining("a pane state over an instant vector keeps its value per series")
                .hasMessageContaining("not SUM");
        // and what ingestion runs evaluate may not be pinned by @
        assertThatThrownBy(() -> plan(
                        List.of(
                                SCAN,
                                new TimeRange(0, TimeRange.Kind.INSTANT, 60_000),
                                new TimeShift(1, 0, new EvalTimeAnchor.Fixed(5), ValueKind.INSTANT_VECTOR),
                                new PaneState(2, StateSpec.of(StateFamily.LAST), Grouping.PER_SERIES, ING),
                                new ViewValue(3)),
                        4))
                .hasMessageContaining("an evaluation-grid view is evaluated by ingestion runs, but node 2");
    }

    @Test
    void rejectsRootCountMismatchUnreachableNodesAndStateRoots() {
        PhysicalDag dag = new PhysicalDag(List.of(SCAN, new TimeRange(0, TimeRange.Kind.INSTANT, 300_000)), List.of(1));
        assertThatThrownBy(() -> InstallablePlan.of(dag, List.of("a", "b")))
                .hasMessageContaining("1 roots for 2 query texts");
        assertThatThrownBy(() ->
                        plan(List.of(SCAN, new NumberLiteral(1), new TimeRange(0, TimeRange.Kind.INSTANT, 300_000)), 2))
                .hasMessageContaining("$.dag.nodes[1] (number_literal): no root reaches this node");
        assertThatThrownBy(() -> plan(List.of(SCAN), 0)).hasMessageContaining("a query cannot answer with ROWS");
        assertThatThrownBy(() -> plan(
                        List.of(
                                SCAN,
                                new TimeRange(0, TimeRange.Kind.INSTANT, 300_000),
                                new RangeFunction("rate", 1, new int[0])),
                        2))
                .hasMessageContaining("its range vector (node 1) is INSTANT_VECTOR");
        assertThatThrownBy(() -> new InstallablePlan(9, dag, List.of("a")))
                .hasMessageContaining("unknown plan wire version 9");
    }

    @Test
    void stateParamsRoundTrip() {
        InstallablePlan p = TestPlans.allKinds();
        InstallablePlan back = InstallablePlanCodec.fromJson(InstallablePlanCodec.toJson(p));
        PaneState state =
                (PaneState) back.dag().node(back.materializedViews().getFirst().node());
        assertThat(state.state().params()).isEqualTo(Map.of("k", 268.0));
    }
}
