package io.tessera.exec.view;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import io.tessera.exec.CompiledDag;
import io.tessera.exec.RunContext;
import io.tessera.exec.op.ScanOperator;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.Value;
import io.tessera.plan.Grouping;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.MaterializedViews;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.plan.TimeRange;
import io.tessera.plan.ValueKind;
import io.tessera.sketch.SampleRunState;
import io.tessera.sketch.State;
import io.tessera.spi.DataStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ingestion run of a view for one pane {@code (end - pane, end]}: its refresh sub-DAG (the
 * Scan and TimeRange under the view node) over the raw data of that pane, folded into one state
 * per group; for an evaluation-grid view, its node evaluated at the pane's end, one last-value
 * state per output series.
 */
public final class PaneBuilder {

    private PaneBuilder() {}

    public static Map<Labels, State> build(
            PhysicalDag dag, MaterializedView view, Interval pane, DataStore store, RunContext context) {
        if (pane.length() != view.paneMs()) {
            throw new IllegalArgumentException("pane " + pane + " is not " + view.paneMs() + " ms wide");
        }
        if (dag.node(view.state().input()).kind() == ValueKind.INSTANT_VECTOR) {
            return valuesAt(dag, view, pane.end(), store, context);
        }
        if (io.tessera.exec.sql.SqlViews.isTableView(dag, view)) {
            return io.tessera.exec.sql.SqlViews.tablePane(dag, view, pane, store, context);
        }
        Scan scan = scanOf(dag, view);
        if (scan == null) {
            throw new IllegalArgumentException("view " + view.definitionId() + " does not read a range of a Scan");
        }
        Map<Labels, State> states = new LinkedHashMap<>();
        for (GroupPanes g :
                foldPanes(view, new PaneSlices(ScanOperator.read(store, scan, pane, context), pane, view.paneMs()))) {
            states.put(g.group(), g.panes()[0]);
        }
        return states;
    }

    /**
     * The Scan whose raw data of a pane a pane view's ingestion run folds (its input is a range over
     * it); null for an evaluation-grid or curve view, or a view of a SQL table.
     */
    public static Scan scanOf(PhysicalDag dag, MaterializedView view) {
        if (!(dag.node(view.state().input()) instanceof TimeRange range)
                || !(dag.node(range.input()) instanceof Scan scan)
                || io.tessera.exec.sql.SqlViews.isTableView(dag, view)) {
            return null;
        }
        return scan;
    }

    /** One group's states in each pane of a span, null where the group has no sample in the pane. */
    public record GroupPanes(Labels group, State[] panes) {}

    /**
     * The states of every pane of the span {@code slices} was cut for, group by group in the order
     * the groups first appear: each series' group is found once for all the panes, and a view
     * kept per series needs no lookup at all (the rows of one read are distinct series).
     */
    public static List<GroupPanes> foldPanes(MaterializedView view, PaneSlices slices) {
        SeriesRows rows = slices.rows();
        int panes = slices.panes();
        boolean perSeries = view.state().grouping().kind() == Grouping.Kind.PER_SERIES;
        List<GroupPanes> out = new ArrayList<>();
        Map<Labels, GroupPanes> byGroup = perSeries ? null : new HashMap<>();
        for (int s = 0; s < rows.size(); s++) {
            long[] ts = rows.tsArray(s);
            double[] vs = rows.valuesArray(s);
            GroupPanes group = null;
            for (int j = 0; j < panes; j++) {
                State state = null;
                for (int i = slices.from(s, j), to = slices.to(s, j); i < to; i++) {
                    if (StaleMarker.isStale(vs[i])) {
                        continue;
                    }
                    if (state == null) {
                        if (group == null) {
                            group = groupPanes(view, rows.labels(s), panes, byGroup, out);
                        }
                        state = group.panes()[j];
                        if (state == null) {
                            state = StateFactory.create(view.state().state());
                            group.panes()[j] = state;
                        }
                    }
                    state.update(ts[i], vs[i]);
                }
            }
        }
        if (view.state().state().family() == io.tessera.sketch.StateFamily.SAMPLES) {
            // the sample runs of one pane share their arrays
            for (int j = 0; j < panes; j++) {
                List<SampleRunState> pane = new ArrayList<>(out.size());
                for (GroupPanes g : out) {
                    if (g.panes()[j] != null) {
                        pane.add((SampleRunState) g.panes()[j]);
                    }
                }
                if (!pane.isEmpty()) {
                    SampleRunState.pack(pane);
                }
            }
        }
        return out;
    }

    /** The states of {@code series}' group: its own when {@code byGroup} is null (a view kept per series), else found or added. */
    private static GroupPanes groupPanes(
            MaterializedView view, Labels series, int panes, Map<Labels, GroupPanes> byGroup, List<GroupPanes> out) {
        Labels key = byGroup == null ? series : view.state().grouping().groupOf(series);
        GroupPanes group = byGroup == null ? null : byGroup.get(key);
        if (group == null) {
            group = new GroupPanes(key, new State[panes]);
            out.add(group);
            if (byGroup != null) {
                byGroup.put(key, group);
            }
        }
        return group;
    }

    /**
     * The ingestion run of an evaluation-grid view for the panes ending at {@code firstEnd},
     * {@code firstEnd + pane}, … {@code lastEnd}: its node evaluated over that step grid in one
     * run, one map of last-value states per output series for each pane, in pane order.
     */
    public static List<Map<Labels, State>> buildValues(
            PhysicalDag dag, MaterializedView view, long firstEnd, long lastEnd, DataStore store, RunContext context) {
        if (view.state().state().family() == io.tessera.sketch.StateFamily.CURVE) {
            return CurveBuilder.build(dag, view, firstEnd, lastEnd, store, context);
        }
        return buildValues(dag, List.of(view), firstEnd, lastEnd, store, context)
                .getFirst();
    }

    /**
     * {@link #buildValues(PhysicalDag, MaterializedView, long, long, DataStore, RunContext)} for
     * several evaluation-grid views of the same pane grid (no curve views) in one run, so the
     * nodes and raw reads their DAGs share are computed once; the panes of each view, in the
     * order of {@code views}.
     */
    public static List<List<Map<Labels, State>>> buildValues(
            PhysicalDag dag,
            List<MaterializedView> views,
            long firstEnd,
            long lastEnd,
            DataStore store,
            RunContext context) {
        List<List<Map<Labels, State>>> out = new ArrayList<>(views.size());
        int panes = (int) ((lastEnd - firstEnd) / views.getFirst().paneMs()) + 1;
        for (int v = 0; v < views.size(); v++) {
            List<Map<Labels, State>> each = new ArrayList<>(panes);
            for (int i = 0; i < panes; i++) {
                each.add(new LinkedHashMap<>());
            }
            out.add(each);
        }
        buildValues(dag, views, firstEnd, lastEnd, store, context, new PaneSink() {
            @Override
            public void state(int view, int pane, Labels group, State state) {
                out.get(view).get(pane).put(group, state);
            }

            @Override
            public void emptyPane(int view, int pane) {}
        });
        return out;
    }

    /**
     * {@link #buildValues(PhysicalDag, List, long, long, DataStore, RunContext)} handing each
     * state to {@code sink} as it is made: view after view, pane after pane, a pane's groups in
     * the order of the run's output series.
     */
    public static void buildValues(
            PhysicalDag dag,
            List<MaterializedView> views,
            long firstEnd,
            long lastEnd,
            DataStore store,
            RunContext context,
            PaneSink sink) {
        int[] roots = new int[views.size()];
        for (int i = 0; i < roots.length; i++) {
            MaterializedView view = views.get(i);
            if (view.state().state().family() == io.tessera.sketch.StateFamily.CURVE
                    || view.paneMs() != views.getFirst().paneMs()) {
                throw new IllegalArgumentException(
                        "view " + view.definitionId() + " is a curve view or on another pane grid");
            }
            roots[i] = view.state().input();
        }
        CompiledDag compiled = CompiledDag.compile(dag, MaterializedViews.of(dag), roots);
        StepGrid grid = new StepGrid(firstEnd, lastEnd, views.getFirst().paneMs());
        Value[] values = compiled.instantiate(store).runAll(grid, context);
        for (int v = 0; v < views.size(); v++) {
            InstantVector vector = (InstantVector) values[v];
            int states = 0;
            for (int s = 0; s < vector.size(); s++) {
                for (int i = 0; i < grid.size(); i++) {
                    states += vector.has(s, i) ? 1 : 0;
                }
            }
            sink.expect(v, states);
            for (int i = 0; i < grid.size(); i++) {
                long t = grid.time(i);
                boolean empty = true;
                for (int s = 0; s < vector.size(); s++) {
                    if (vector.has(s, i)) {
                        State state = StateFactory.create(views.get(v).state().state());
                        state.update(t, vector.value(s, i));
                        sink.state(v, i, vector.labels(s), state);
                        empty = false;
                    }
                }
                if (empty) {
                    sink.emptyPane(v, i);
                }
            }
        }
    }

    private static Map<Labels, State> valuesAt(
            PhysicalDag dag, MaterializedView view, long t, DataStore store, RunContext context) {
        return buildValues(dag, view, t, t, store, context).getFirst();
    }
}
