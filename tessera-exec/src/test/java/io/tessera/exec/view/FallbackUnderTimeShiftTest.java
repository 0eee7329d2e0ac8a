package io.tessera.exec.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.exec.CompiledDag;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import io.tessera.plan.DagBuilder;
import io.tessera.plan.EvalTimeAnchor;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.plan.Subquery;
import io.tessera.plan.TimeShift;
import io.tessera.plan.ValueKind;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A view read under {@code offset}, {@code @} or a subquery that cannot be answered from panes
 * falls back to the exact branch, and that branch reads raw data over the shifted window, not the
 * query's own: the answer equals the exact evaluation of the same shift.
 */
class FallbackUnderTimeShiftTest {

    private static final long PANE = 60_000;
    private static final long WINDOW = 30 * 60_000;
    private static final long START = 1_767_225_600_000L;
    private static final long END = START + 3 * 3_600_000;

    private record Shifted(PhysicalDag dag, MaterializedView view, int viaView, int exact) {}

    /** The node under test wrapped by {@code shift}, once over the Fallback and once over the exact branch. */
    private interface Shift {
        int wrap(DagBuilder b, int input);
    }

    private static Shifted plan(String function, StateFamily family, Shift shift) {
        DagBuilder b = new DagBuilder();
        int scan = b.add(new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", "mo"))));
        ViewRuns.ViewRead r = ViewRuns.addViewRead(
                b, scan, function, new int[0], StateSpec.of(family), PANE, WINDOW, 24 * 3_600_000L);
        int viaView = shift.wrap(b, r.fallback());
        int exact = shift.wrap(b, r.exact());
        b.root(viaView);
        PhysicalDag dag = b.build();
        return new Shifted(dag, ViewRuns.view(dag, r), viaView, exact);
    }

    private static InMemoryDataStore gauge() {
        InMemoryDataStore store = new InMemoryDataStore();
        int n = (int) ((END - START) / 15_000);
        for (int s = 0; s < 3; s++) {
            long[] ts = new long[n];
            double[] vs = new double[n];
            for (int i = 0; i < n; i++) {
                ts[i] = START + i * 15_000L + 1_000 + s;
                vs[i] = (i % 7) + s;
            }
            store.add(Labels.of("__name__", "mo", "instance", "i" + s), ts, vs);
        }
        return store;
    }

    static Stream<Arguments> shifts() {
        Shift offset10m = (b, in) -> b.add(new TimeShift(in, 10 * 60_000, null, ValueKind.INSTANT_VECTOR));
        Shift offsetMinus2m = (b, in) -> b.add(new TimeShift(in, -2 * 60_000, null, ValueKind.INSTANT_VECTOR));
        Shift at = (b, in) -> b.add(
                new TimeShift(in, 0, new EvalTimeAnchor.Fixed(START + 90 * 60_000 + 7_000), ValueKind.INSTANT_VECTOR));
        Shift subquery = (b, in) -> b.add(new io.tessera.plan.RangeFunction(
                "max_over_time", b.add(new Subquery(in, 20 * 60_000, 60_000)), new int[0]));
        return Stream.of(
                Arguments.of("offset 10m", offset10m),
                Arguments.of("offset -2m", offsetMinus2m),
                Arguments.of("@", at),
                Arguments.of("subquery", subquery));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("shifts")
    void theExactBranchReadsTheShiftedWindow(String name, Shift shift) {
        for (String function : List.of("count_over_time", "sum_over_time")) {
            StateFamily family = function.startsWith("count") ? StateFamily.COUNT : StateFamily.SUM;
            Shifted plan = plan(function, family, shift);
            InMemoryDataStore store = gauge();
            // panes only for the first hour: every window the queries ask for at the end has panes missing
            ViewRuns.buildPanes(plan.dag(), plan.view(), store, START, START + 3_600_000);
            for (StepGrid grid : List.of(
                    StepGrid.instant(END - 60_000),
                    StepGrid.instant(END - 60_000 - 12_345),
                    new StepGrid(END - 3_600_000, END - 60_000, 60_000))) {
                RunContext context = new RunContext(grid.start(), grid.end(), 300_000, QueryLimits.DEFAULTS);
                InstantVector answer = run(plan, plan.viaView(), grid, store, context);
                InstantVector exact = run(
                        plan,
                        plan.exact(),
                        grid,
                        store,
                        new RunContext(grid.start(), grid.end(), 300_000, QueryLimits.DEFAULTS));
                assertThat(exact.size()).as("the exact answer has series").isPositive();
                assertThat(context.infos())
                        .as(name)
                        .anySatisfy(i -> assertThat(i).contains("answered exactly from raw data"));
                assertThat(answer.size()).as(name + " " + function + " series").isEqualTo(exact.size());
                for (int s = 0; s < exact.size(); s++) {
                    int row = ViewRuns.indexOf(answer, exact.labels(s));
                    assertThat(row).as(name + " " + exact.labels(s)).isNotNegative();
                    for (int i = 0; i < grid.size(); i++) {
                        assertThat(answer.has(row, i)).as(name + " step " + i).isEqualTo(exact.has(s, i));
                        if (exact.has(s, i)) {
                            assertThat(answer.value(row, i))
                                    .as(name + " " + function + " " + exact.labels(s) + " step " + i)
                                    .isEqualTo(exact.value(s, i));
                        }
                    }
                }
            }
        }
    }

    private static InstantVector run(
            Shifted plan, int node, StepGrid grid, InMemoryDataStore store, RunContext context) {
        CompiledDag compiled = CompiledDag.compile(plan.dag(), List.of(plan.view()), new int[] {node});
        return (InstantVector) compiled.instantiate(store).run(0, grid, context);
    }
}
