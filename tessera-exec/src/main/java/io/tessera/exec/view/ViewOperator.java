package io.tessera.exec.view;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.PaneGrid;
import io.tessera.core.StaleMarker;
import io.tessera.exec.DataStore;
import io.tessera.exec.MaterializedViewRequest;
import io.tessera.exec.RunContext;
import io.tessera.exec.ViewStates;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.Value;
import io.tessera.plan.Grouping;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.StateSpec;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.sketch.State;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A range function answered from a view. For every step, the window {@code (T - w, T]} is the
 * merge of the view's panes inside it and of exact states built from the raw samples of its
 * uncovered head and tail; all panes of all steps come from one view read.
 */
public final class ViewOperator {

    private ViewOperator() {
    }

    /**
     * @param rawRows reads the view's Scan over an interval, for the edges of off-grid windows
     */
    public static InstantVector evaluate(ViewRangeFunction f, MaterializedView view, StepGrid grid, Value[] params,
            DataStore store, RunContext context, Function<Interval, SeriesRows> rawRows) {
        PaneGrid panes = new PaneGrid(view.paneMs(), view.phaseMs());
        int steps = grid.size();
        Interval[] windows = new Interval[steps];
        Interval[] covered = new Interval[steps];
        TreeSet<Interval> needed = new TreeSet<>();
        long edgeStart = Long.MAX_VALUE;
        long edgeEnd = Long.MIN_VALUE;
        for (int i = 0; i < steps; i++) {
            windows[i] = Interval.ending(grid.time(i), f.windowMs());
            covered[i] = panes.coveredPart(windows[i]);
            if (covered[i] != null) {
                needed.addAll(panes.panesWithin(covered[i]));
            }
            Interval c = covered[i];
            if (c == null || c.start() > windows[i].start()) {
                edgeStart = Math.min(edgeStart, windows[i].start());
                edgeEnd = Math.max(edgeEnd, c == null ? windows[i].end() : c.start());
            }
            if (c != null && c.end() < windows[i].end()) {
                edgeStart = Math.min(edgeStart, c.end());
                edgeEnd = Math.max(edgeEnd, windows[i].end());
            }
        }
        List<Interval> paneList = new ArrayList<>(needed);
        ViewStates states = paneList.isEmpty() ? null : store.readMaterializedView(view,
                new MaterializedViewRequest(new Interval(paneList.getFirst().start(), paneList.getLast().end()), paneList), context);
        SeriesRows edges = edgeStart < edgeEnd ? rawRows.apply(new Interval(edgeStart, edgeEnd)) : null;

        Map<Labels, Integer> groupIds = new HashMap<>();
        List<Labels> groups = new ArrayList<>();
        Map<Interval, Integer> paneIndex = new HashMap<>();
        for (int p = 0; p < paneList.size(); p++) {
            paneIndex.put(paneList.get(p), p);
        }
        StateSpec spec = view.state().state();
        Grouping grouping = view.state().grouping();
        double[] p = new double[params.length];
        InstantVector out = new InstantVector(grid, 16);
        int[] outIndex = new int[0];
        for (int i = 0; i < steps; i++) {
            context.checkAlive();
            Map<Integer, State> acc = new HashMap<>();
            if (covered[i] != null) {
                for (Interval pane : panes.panesWithin(covered[i])) {
                    states.forEach(paneIndex.get(pane), (group, state) -> merge(acc, groupIds, groups, group, state, true));
                }
            }
            if (edges != null) {
                Interval c = covered[i];
                addEdge(acc, groupIds, groups, edges, grouping, spec, c == null ? windows[i]
                        : new Interval(windows[i].start(), c.start()));
                if (c != null) {
                    addEdge(acc, groupIds, groups, edges, grouping, spec, new Interval(c.end(), windows[i].end()));
                }
            }
            for (int k = 0; k < params.length; k++) {
                p[k] = ((ScalarValues) params[k]).at(i);
            }
            for (Map.Entry<Integer, State> e : acc.entrySet()) {
                State merged = e.getValue();
                if (!Finalizer.hasValue(f.function(), merged)) {
                    continue;
                }
                double v = Finalizer.finalize(f.function(), merged, windows[i].start(), windows[i].end(), p);
                int g = e.getKey();
                if (g >= outIndex.length) {
                    int[] grown = java.util.Arrays.copyOf(outIndex, Math.max(g + 1, outIndex.length * 2));
                    java.util.Arrays.fill(grown, outIndex.length, grown.length, -1);
                    outIndex = grown;
                }
                if (outIndex[g] < 0) {
                    Labels l = groups.get(g);
                    outIndex[g] = out.addSeries(Finalizer.keepsName(f.function()) ? l : l.withoutMetricName());
                }
                out.set(outIndex[g], i, v);
            }
        }
        return out;
    }

    private static void merge(Map<Integer, State> acc, Map<Labels, Integer> groupIds, List<Labels> groups,
            Labels group, State state, boolean shared) {
        Integer g = groupIds.get(group);
        if (g == null) {
            g = groups.size();
            groups.add(group);
            groupIds.put(group, g);
        }
        State current = acc.get(g);
        if (current == null) {
            acc.put(g, shared ? state.copy() : state);
        } else {
            current.merge(state);
        }
    }

    /** Exact states of the raw samples in {@code edge}, merged into {@code acc}. */
    private static void addEdge(Map<Integer, State> acc, Map<Labels, Integer> groupIds, List<Labels> groups,
            SeriesRows rows, Grouping grouping, StateSpec spec, Interval edge) {
        if (edge.isEmpty()) {
            return;
        }
        Map<Labels, State> built = new HashMap<>();
        for (int s = 0; s < rows.size(); s++) {
            long[] ts = rows.ts(s);
            double[] vs = rows.values(s);
            int from = firstAfter(ts, rows.count(s), edge.start());
            int to = firstAfter(ts, rows.count(s), edge.end());
            State state = null;
            for (int i = from; i < to; i++) {
                if (StaleMarker.isStale(vs[i])) {
                    continue;
                }
                if (state == null) {
                    state = built.computeIfAbsent(grouping.groupOf(rows.labels(s)), g -> StateFactory.create(spec));
                }
                state.update(ts[i], vs[i]);
            }
        }
        for (Map.Entry<Labels, State> e : built.entrySet()) {
            merge(acc, groupIds, groups, e.getKey(), e.getValue(), false);
        }
    }

    static int firstAfter(long[] ts, int n, long t) {
        int lo = 0;
        int hi = n;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ts[mid] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
