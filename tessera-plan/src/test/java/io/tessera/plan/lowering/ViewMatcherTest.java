package io.tessera.plan.lowering;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.LabelMatcher;
import io.tessera.plan.DefinitionIds;
import io.tessera.plan.Fallback;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.RangeFunction;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.plan.TimeRange;
import io.tessera.plan.TimeShift;
import io.tessera.plan.ValueKind;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.promql.Parser;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ViewMatcherTest {

    private static final long PANE = 60_000;

    /** A view over {@code x} (or {@code c}) of the family, pane 1m, kept 1 day. */
    private static MaterializedView view(String metric, StateSpec spec) {
        Scan scan = new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", metric)));
        PaneState state = new PaneState(
                1,
                spec,
                Grouping.PER_SERIES,
                new Materialization(Materialization.Mode.AT_INGESTION, PANE, 0, 86_400_000));
        return new MaterializedView(DefinitionIds.of(ViewMatcher.paneDag(scan, state), 2), 2, state, List.of());
    }

    private static final List<MaterializedView> VIEWS = List.of(
            view("x", StateSpec.of(StateFamily.SUM)), view("x", StateSpec.of(StateFamily.MAX)),
            view("x", new StateSpec(StateFamily.KLL, Map.of("k", 268.0))),
                    view("c", StateSpec.of(StateFamily.COUNTER)));

    private static PhysicalDag rewrite(String query) {
        PhysicalDag dag = PromqlLowering.lowerQuery(Parser.parse(query), PromqlLowering.DEFAULT_LOOKBACK_MS);
        PhysicalDag out = ViewMatcher.rewrite(dag, dag.roots().getFirst(), VIEWS);
        InstallablePlan.of(out, List.of(query));
        return out;
    }

    private static List<ViewRangeFunction> viewReads(PhysicalDag dag) {
        List<ViewRangeFunction> reads = new ArrayList<>();
        for (PlanNode n : dag.nodes()) {
            if (n instanceof ViewRangeFunction v) {
                reads.add(v);
            }
        }
        return reads;
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "sum_over_time(x[1h])|1",
                "max_over_time(x[5m])|1",
                "quantile_over_time(0.99, x[1h])|1",
                "rate(c[5m])|1",
                "increase(c[1h]) + delta(c[10m]) - resets(c[2m]) * changes(c[3m])|4",
                "sum by (job) (rate(c[5m]))|1",
                "topk(5, sum by (instance) (rate(c[5m])))|1",
                "sum_over_time(x[1h]) / max_over_time(x[1h])|2",
                "sum_over_time(x[1h]) * 2|1",
                "sum_over_time(x[1h] offset 1h)|1",
                "rate(c[5m] @ end())|1",
                "rate(c[5m] @ 1700000000 offset 5m)|1",
                "max_over_time(rate(c[5m])[1h:1m])|1",
                "quantile by (job) (0.99, sum_over_time(x[10m]))|1",
                "sum_over_time(x[90s])|0",
                "sum_over_time(x[30s])|0",
                "avg_over_time(x[1h])|0",
                "sum_over_time(y[1h])|0",
                "sum_over_time(x{job=\"a\"}[1h])|0",
                "irate(c[5m])|0",
                "sum_over_time(x[10m:1m])|0",
                "x|0",
                "quantile(0.9, x)|0",
                "count_over_time(x[1h])|0"
            })
    void rewritesEveryAccelerableRangeFunction(String query, int reads) {
        assertThat(viewReads(rewrite(query))).hasSize(reads);
    }

    @Test
    void aRewrittenReadIsAFallbackToTheExactFunctionOverTheSameScan() {
        PhysicalDag dag = rewrite("sum_over_time(x[1h])");
        Fallback f = (Fallback) dag.node(dag.roots().getFirst());
        ViewRangeFunction v = (ViewRangeFunction) dag.node(f.preferred());
        RangeFunction exact = (RangeFunction) dag.node(f.exact());
        assertThat(v.windowMs()).isEqualTo(3_600_000);
        PaneState state = (PaneState) dag.node(v.view());
        TimeRange paneRange = (TimeRange) dag.node(state.input());
        TimeRange window = (TimeRange) dag.node(exact.input());
        assertThat(paneRange.rangeMs()).isEqualTo(PANE);
        assertThat(window.rangeMs()).isEqualTo(3_600_000);
        assertThat(paneRange.input()).isEqualTo(window.input());
        assertThat(InstallablePlan.of(dag, List.of("q"))
                        .materializedViews()
                        .getFirst()
                        .definitionId())
                .isEqualTo(VIEWS.getFirst().definitionId());
    }

    @Test
    void theTimeShiftMovesAboveTheFallback() {
        PhysicalDag dag = rewrite("sum_over_time(x[1h] offset 1h)");
        TimeShift shift = (TimeShift) dag.node(dag.roots().getFirst());
        assertThat(shift.offsetMs()).isEqualTo(3_600_000);
        assertThat(shift.kind()).isEqualTo(ValueKind.INSTANT_VECTOR);
        Fallback f = (Fallback) dag.node(shift.input());
        assertThat(((RangeFunction) dag.node(f.exact())).input())
                .satisfies(i -> assertThat(dag.node(i)).isInstanceOf(TimeRange.class));
    }

    @Test
    void aViewWhoseRetentionMissesTheOffsetIsNotUsed() {
        assertThat(viewReads(rewrite("sum_over_time(x[1h] offset 23h30m)"))).isEmpty();
        assertThat(viewReads(rewrite("sum_over_time(x[1h] offset 22h)"))).hasSize(1);
    }

    @Test
    void rewritingTwiceChangesNothing() {
        PhysicalDag once = rewrite("sum by (job) (rate(c[5m])) / sum_over_time(x[1h])");
        assertThat(ViewMatcher.rewriteAll(once, VIEWS)).isEqualTo(once);
    }

    @Test
    void unmatchedQueriesComeBackEqual() {
        PhysicalDag dag =
                PromqlLowering.lowerQuery(Parser.parse("irate(c[5m]) + x"), PromqlLowering.DEFAULT_LOOKBACK_MS);
        assertThat(ViewMatcher.rewriteAll(dag, VIEWS)).isEqualTo(dag);
    }

    @Test
    void theWidestMatchingPaneWins() {
        Scan scan = new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", "x")));
        List<MaterializedView> views = new ArrayList<>();
        for (long pane : new long[] {30_000, 300_000, 120_000}) {
            PaneState state = new PaneState(
                    1,
                    StateSpec.of(StateFamily.SUM),
                    Grouping.PER_SERIES,
                    new Materialization(Materialization.Mode.AT_INGESTION, pane, 0, 86_400_000));
            views.add(new MaterializedView(DefinitionIds.of(ViewMatcher.paneDag(scan, state), 2), 2, state, List.of()));
        }
        PhysicalDag dag =
                PromqlLowering.lowerQuery(Parser.parse("sum_over_time(x[1h])"), PromqlLowering.DEFAULT_LOOKBACK_MS);
        PhysicalDag out = ViewMatcher.rewriteAll(dag, views);
        ViewRangeFunction v = viewReads(out).getFirst();
        assertThat(((PaneState) out.node(v.view())).materialization().paneMs()).isEqualTo(300_000);
    }
}
