package io.tessera.exec;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.sql.SqlViews;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.view.PaneSink;
import io.tessera.exec.view.curves.CurveBuilder;
import io.tessera.exec.view.panes.PaneBuilder;
import io.tessera.exec.view.panes.PaneBuilder.GroupPanes;
import io.tessera.exec.view.panes.PaneSlices;
import io.tessera.exec.view.samples.SamplePacking;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.plan.ViewKind;
import io.tessera.sketch.State;
import io.tessera.spi.DataStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The ingestion run of views over a span of whole panes: each view's states of those panes, built
 * the way its {@link ViewKind} is built, and handed to a {@link PaneSink}. Views that share work
 * share it within one run: pane and sample views of one Scan read its raw data of the span once,
 * and evaluation-grid views of one plan are one run of their compiled DAG over the panes' ends.
 * Curve views and SQL table views are built each on its own.
 */
public final class IngestionRun {

    private IngestionRun() {}

    /**
     * Builds the states of {@code views} in every pane of {@code span} (a whole number of each
     * view's panes) from the raw data in {@code store}; view {@code i} of the list is view
     * {@code i} of {@code sink}.
     */
    public static void build(List<PlannedView> views, Interval span, DataStore store, PaneSink sink) {
        Map<ScanRead, PaneSlices> reads = new HashMap<>();
        List<Integer> onGrid = new ArrayList<>();
        for (int v = 0; v < views.size(); v++) {
            PhysicalDag dag = views.get(v).dag();
            MaterializedView view = views.get(v).view();
            switch (ViewKind.of(dag, view)) {
                case ViewKind.Panes panes -> {
                    PaneSlices slices = slices(dag, view, span, store, reads);
                    PaneBuilder.emit(v, PaneBuilder.fold(view, slices), slices.panes(), sink);
                }
                case ViewKind.Samples samples -> {
                    PaneSlices slices = slices(dag, view, span, store, reads);
                    List<GroupPanes> groups = PaneBuilder.fold(view, slices);
                    SamplePacking.pack(groups, slices.panes());
                    PaneBuilder.emit(v, groups, slices.panes(), sink);
                }
                case ViewKind.Curves curves -> {
                    long firstEnd = span.start() + view.paneMs();
                    RunContext context = new RunContext(firstEnd, span.end(), 60_000, QueryLimits.DEFAULTS);
                    emit(v, CurveBuilder.build(dag, view, firstEnd, span.end(), store, context), sink);
                }
                case ViewKind.EvaluationGrid grid -> onGrid.add(v);
                case ViewKind.TableBuckets table -> tablePanes(v, views.get(v), span, store, sink);
            }
        }
        if (!onGrid.isEmpty()) {
            gridRun(views, onGrid, span, store, sink);
        }
    }

    /**
     * The Scan whose raw data the runs of a pane or sample view read, so that views of the same
     * Scan and panes can share them; null for a view that reads no range of a Scan.
     */
    public static Scan scanOf(PhysicalDag dag, MaterializedView view) {
        return PaneBuilder.scanOf(dag, view);
    }

    /** The raw data of one Scan cut into panes of one width. */
    private record ScanRead(Scan scan, long paneMs) {}

    private static PaneSlices slices(
            PhysicalDag dag, MaterializedView view, Interval span, DataStore store, Map<ScanRead, PaneSlices> reads) {
        Scan scan = PaneBuilder.scanOf(dag, view);
        if (scan == null) {
            throw new IllegalArgumentException("view " + view.definitionId() + " does not read a range of a Scan");
        }
        return reads.computeIfAbsent(
                new ScanRead(scan, view.paneMs()), read -> PaneBuilder.read(store, scan, span, read.paneMs()));
    }

    /** The evaluation-grid views {@code onGrid} (indexes into {@code views}), which must share a plan, in one run. */
    private static void gridRun(
            List<PlannedView> views, List<Integer> onGrid, Interval span, DataStore store, PaneSink sink) {
        PhysicalDag dag = views.get(onGrid.getFirst()).dag();
        List<MaterializedView> gridViews = new ArrayList<>(onGrid.size());
        int[] slots = new int[onGrid.size()];
        for (int i = 0; i < slots.length; i++) {
            PlannedView planned = views.get(onGrid.get(i));
            if (planned.dag() != dag) {
                throw new IllegalArgumentException(
                        "view " + planned.view().definitionId() + " is of another plan than the run's");
            }
            gridViews.add(planned.view());
            slots[i] = onGrid.get(i);
        }
        long paneMs = gridViews.getFirst().paneMs();
        long firstEnd = span.start() + paneMs;
        RunContext context = new RunContext(firstEnd, span.end(), 60_000, QueryLimits.DEFAULTS);
        GridBuilder.build(
                dag,
                gridViews,
                new StepGrid(firstEnd, span.end(), paneMs),
                store,
                context,
                new Renumbered(sink, slots));
    }

    /** Each pane of {@code span} of a SQL table view, from its own read. */
    private static void tablePanes(int v, PlannedView planned, Interval span, DataStore store, PaneSink sink) {
        long paneMs = planned.view().paneMs();
        int panes = (int) (span.length() / paneMs);
        for (int j = 0; j < panes; j++) {
            Interval pane = new Interval(span.start() + j * paneMs, span.start() + (j + 1) * paneMs);
            RunContext context = new RunContext(pane.end(), pane.end(), 60_000, QueryLimits.DEFAULTS);
            emitPane(v, j, SqlViews.tablePane(planned.dag(), planned.view(), pane, store, context), sink);
        }
    }

    private static void emit(int v, List<Map<Labels, State>> panes, PaneSink sink) {
        for (int j = 0; j < panes.size(); j++) {
            emitPane(v, j, panes.get(j), sink);
        }
    }

    private static void emitPane(int v, int pane, Map<Labels, State> states, PaneSink sink) {
        if (states.isEmpty()) {
            sink.emptyPane(v, pane);
        }
        for (Map.Entry<Labels, State> e : states.entrySet()) {
            sink.state(v, pane, e.getKey(), e.getValue());
        }
    }

    /** {@code sink} taking the states of a run of some of its views, view {@code i} of the run being its {@code slots[i]}. */
    private record Renumbered(PaneSink sink, int[] slots) implements PaneSink {

        @Override
        public void expect(int view, int states) {
            sink.expect(slots[view], states);
        }

        @Override
        public void state(int view, int pane, Labels group, State state) {
            sink.state(slots[view], pane, group, state);
        }

        @Override
        public void emptyPane(int view, int pane) {
            sink.emptyPane(slots[view], pane);
        }
    }
}
