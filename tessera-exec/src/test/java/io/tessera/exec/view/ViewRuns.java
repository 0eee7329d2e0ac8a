package io.tessera.exec.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.PaneGrid;
import io.tessera.exec.CompiledDag;
import io.tessera.exec.IngestionRun;
import io.tessera.exec.PlannedView;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import io.tessera.plan.DagBuilder;
import io.tessera.plan.DefinitionIds;
import io.tessera.plan.Fallback;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.RangeFunction;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.plan.TimeRange;
import io.tessera.plan.ValueKind;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.sketch.State;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What the view tests share: ingestion runs over an in-memory store, and runs of one node of a plan. */
final class ViewRuns {

    private ViewRuns() {}

    /** The nodes {@link #addViewRead} adds. */
    record ViewRead(int exact, int pane, int accelerated, int fallback) {}

    /**
     * {@code Fallback(ViewRangeFunction(f, per-series pane view of spec), RangeFunction(f, scan[window]))},
     * added to {@code b}.
     */
    static ViewRead addViewRead(
            DagBuilder b,
            int scan,
            String function,
            int[] params,
            StateSpec spec,
            long paneMs,
            long windowMs,
            long retentionMs) {
        int exact =
                b.add(new RangeFunction(function, b.add(new TimeRange(scan, TimeRange.Kind.RANGE, windowMs)), params));
        int pane = b.add(new PaneState(
                b.add(new TimeRange(scan, TimeRange.Kind.RANGE, paneMs)),
                spec,
                Grouping.PER_SERIES,
                new Materialization(Materialization.Mode.AT_INGESTION, paneMs, 0, retentionMs)));
        int accelerated = b.add(new ViewRangeFunction(function, pane, windowMs, params));
        return new ViewRead(
                exact, pane, accelerated, b.add(new Fallback(accelerated, exact, ValueKind.INSTANT_VECTOR)));
    }

    /** A built dag whose root reads one view, and the nodes of that read. */
    record ViewQuery(PhysicalDag dag, ViewRead read) {}

    /** {@code function(metric[window])} over a per-series pane view of {@code family} kept a day, as the dag's root. */
    static ViewQuery viewQuery(String metric, String function, StateFamily family, long paneMs, long windowMs) {
        DagBuilder b = new DagBuilder();
        int scan = b.add(new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", metric))));
        ViewRead read =
                addViewRead(b, scan, function, new int[0], StateSpec.of(family), paneMs, windowMs, 24 * 3_600_000L);
        b.root(read.fallback());
        return new ViewQuery(b.build(), read);
    }

    /** The view of {@code read} in the built {@code dag}. */
    static MaterializedView view(PhysicalDag dag, ViewRead read) {
        return new MaterializedView(
                DefinitionIds.of(dag, read.pane()), read.pane(), (PaneState) dag.node(read.pane()), List.of());
    }

    /** The ingestion runs of {@code view} for every pane of its width in {@code [from, to]}. */
    static void buildPanes(PhysicalDag dag, MaterializedView view, InMemoryDataStore store, long from, long to) {
        for (Interval pane : new PaneGrid(view.paneMs(), 0).panesWithin(new Interval(from, to))) {
            Map<Labels, State> states = panes(dag, view, pane, store).getFirst();
            if (states.isEmpty()) {
                store.commitEmptyPane(view.definitionId(), pane);
            }
            states.forEach((group, state) -> store.putState(view.definitionId(), pane, group, state));
        }
    }

    /** The states of {@code view} in each pane of {@code span}, in pane order, from one ingestion run. */
    static List<Map<Labels, State>> panes(
            PhysicalDag dag, MaterializedView view, Interval span, InMemoryDataStore store) {
        int count = (int) (span.length() / view.paneMs());
        List<Map<Labels, State>> panes = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            panes.add(new LinkedHashMap<>());
        }
        IngestionRun.build(List.of(new PlannedView(dag, view)), span, store, new PaneSink() {
            @Override
            public void state(int v, int pane, Labels group, State state) {
                panes.get(pane).put(group, state);
            }

            @Override
            public void emptyPane(int v, int pane) {}
        });
        return panes;
    }

    /** A run context for {@code grid}, with the default limits and subquery step. */
    static RunContext context(StepGrid grid) {
        return new RunContext(grid.start(), grid.end(), 60_000, QueryLimits.DEFAULTS);
    }

    /** Node {@code node} of {@code dag} run over {@code grid} in a run of its own. */
    static InstantVector run(PhysicalDag dag, MaterializedView view, int node, StepGrid grid, InMemoryDataStore store) {
        return run(dag, view, node, grid, store, context(grid));
    }

    /** Node {@code node} of {@code dag} run over {@code grid}. */
    static InstantVector run(
            PhysicalDag dag,
            MaterializedView view,
            int node,
            StepGrid grid,
            InMemoryDataStore store,
            RunContext context) {
        CompiledDag compiled = CompiledDag.compile(dag, List.of(view), new int[] {node});
        return (InstantVector) compiled.instantiate(store).run(0, grid, context);
    }

    /**
     * Asserts {@code actual} has the points of {@code expected}, values within {@code relative}
     * of each other (non-finite ones equal); returns how many points were compared.
     */
    static int assertSameValues(InstantVector actual, InstantVector expected, double relative, String what) {
        assertThat(actual.size()).as(what + ": series").isEqualTo(expected.size());
        int points = 0;
        for (int e = 0; e < expected.size(); e++) {
            int a = ViewRuns.indexOf(actual, expected.labels(e));
            assertThat(a).as(what + ": series " + expected.labels(e)).isGreaterThanOrEqualTo(0);
            for (int i = 0; i < expected.steps(); i++) {
                assertThat(actual.has(a, i))
                        .as(what + ": point " + i + " of " + expected.labels(e))
                        .isEqualTo(expected.has(e, i));
                if (expected.has(e, i)) {
                    double x = actual.value(a, i);
                    double y = expected.value(e, i);
                    points++;
                    if (Double.isNaN(y) || Double.isInfinite(y)) {
                        assertThat(Double.valueOf(x))
                                .as(what + ": " + expected.labels(e) + " at step " + i)
                                .isEqualTo(Double.valueOf(y));
                        continue;
                    }
                    double scale = Math.max(Math.abs(x), Math.abs(y));
                    assertThat(Math.abs(x - y))
                            .as(what + ": " + expected.labels(e) + " at step " + i + ": " + x + " vs " + y)
                            .isLessThanOrEqualTo(relative * scale + 1e-12);
                }
            }
        }
        return points;
    }

    /** The row of {@code labels} in {@code v}, or -1. */
    static int indexOf(InstantVector v, Labels labels) {
        for (int s = 0; s < v.size(); s++) {
            if (v.labels(s).equals(labels)) {
                return s;
            }
        }
        return -1;
    }
}
