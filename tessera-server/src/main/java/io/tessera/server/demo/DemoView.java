package io.tessera.server.demo;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.PaneGrid;
import io.tessera.sketch.State;
import io.tessera.store.summary.IntervalStates;
import io.tessera.store.summary.StateBatch;
import io.tessera.store.summary.SummaryStore;
import io.tessera.store.summary.ViewSnapshot;
import io.tessera.store.summary.ViewStore;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One materialized view of the demo: a state family over one metric, grouped by a label set
 * derived from each series, kept per pane in the summary store. A window is answered by the
 * panes it contains plus exact states built from the raw samples of its uncovered edges.
 */
final class DemoView {

    final String id;
    final PaneGrid grid;
    private final DemoData data;
    private final double[][] values;
    private final Labels[] groupOfSeries;
    private final Supplier<State> family;
    private final ViewStore store;

    DemoView(String id, PaneGrid grid, DemoData data, double[][] values, Labels[] groupOfSeries,
            Supplier<State> family, SummaryStore summaries) {
        this.id = id;
        this.grid = grid;
        this.data = data;
        this.values = values;
        this.groupOfSeries = groupOfSeries;
        this.family = family;
        this.store = summaries.view(id);
    }

    /** Builds and commits one state per (group, pane) for every pane the data covers. */
    long build() {
        long states = 0;
        int[] cursor = new int[data.series];
        StateBatch batch = new StateBatch(1024);
        for (long paneEnd = grid.paneEndFor(data.start + 1); paneEnd - grid.width() < data.end(); paneEnd += grid.width()) {
            Map<Labels, State> pane = new HashMap<>();
            for (int s = 0; s < data.series; s++) {
                int from = cursor[s];
                int to = from;
                long[] times = data.ts[s];
                while (to < times.length && times[to] <= paneEnd) {
                    to++;
                }
                cursor[s] = to;
                if (to > from) {
                    pane.computeIfAbsent(groupOfSeries[s], g -> family.get()).update(times, values[s], from, to);
                }
            }
            Interval interval = new Interval(paneEnd - grid.width(), paneEnd);
            batch.clear();
            if (pane.isEmpty()) {
                batch.addEmptyPane(interval);
            }
            for (Map.Entry<Labels, State> e : pane.entrySet()) {
                batch.add(e.getKey(), interval, e.getValue());
            }
            store.insertBatch(batch);
            states += pane.size();
        }
        return states;
    }

    ViewSnapshot snapshot() {
        return store.snapshot();
    }

    /** The merged state of each group over {@code window}, from panes and raw edges. */
    Map<Labels, State> window(ViewSnapshot snapshot, Interval window) {
        Map<Labels, State> merged = new HashMap<>();
        Interval covered = grid.coveredPart(window);
        if (covered == null) {
            addRaw(merged, window);
            return merged;
        }
        IntervalStates tiles = snapshot.readTiling(covered);
        State[] byGroup = new State[snapshot.groupCount()];
        for (int i = 0; i < tiles.intervalCount(); i++) {
            mergeInterval(byGroup, tiles, i);
        }
        for (int g = 0; g < byGroup.length; g++) {
            if (byGroup[g] != null) {
                merged.put(tiles.group(g), byGroup[g]);
            }
        }
        addRaw(merged, new Interval(window.start(), covered.start()));
        addRaw(merged, new Interval(covered.end(), window.end()));
        return merged;
    }

    /** Folds the states of interval {@code i} of a read into {@code byGroup}, indexed by group id. */
    static void mergeInterval(State[] byGroup, IntervalStates read, int i) {
        read.forEach(i, (groupId, state) -> {
            State acc = byGroup[groupId];
            if (acc == null) {
                byGroup[groupId] = state.copy();
            } else {
                acc.merge(state);
            }
        });
    }

    /** Exact states from the raw samples in {@code range}, merged into {@code merged}. */
    void addRaw(Map<Labels, State> merged, Interval range) {
        if (range.isEmpty()) {
            return;
        }
        Map<Labels, State> edge = new HashMap<>();
        for (int s = 0; s < data.series; s++) {
            int from = data.firstAfter(s, range.start());
            int to = data.firstAfter(s, range.end());
            if (to > from) {
                edge.computeIfAbsent(groupOfSeries[s], g -> family.get()).update(data.ts[s], values[s], from, to);
            }
        }
        for (Map.Entry<Labels, State> e : edge.entrySet()) {
            State acc = merged.get(e.getKey());
            if (acc == null) {
                merged.put(e.getKey(), e.getValue());
            } else {
                acc.merge(e.getValue());
            }
        }
    }
}
