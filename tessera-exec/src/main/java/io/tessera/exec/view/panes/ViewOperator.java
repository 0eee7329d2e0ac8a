package io.tessera.exec.view.panes;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.core.PaneGrid;
import io.tessera.core.StaleMarker;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.Value;
import io.tessera.exec.view.Spans;
import io.tessera.exec.view.StateFactory;
import io.tessera.exec.view.Timestamps;
import io.tessera.plan.Grouping;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.StateSpec;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.promql.RangeFunctionKind;
import io.tessera.sketch.State;
import io.tessera.spi.DataStore;
import io.tessera.spi.LabelsTable;
import io.tessera.spi.MaterializedViewRequest;
import io.tessera.spi.ViewStates;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A range function answered from a view. For every step, the window {@code (T - w, T]} is the
 * merge of the view's panes inside it and of exact states built from the raw samples of its
 * uncovered head and tail; all panes of all steps come from one view read. When the edges of a
 * range run's windows would read most of the raw data anyway (every step off the grid), the run
 * answers exactly instead: merging panes on top of that only costs more. A view that keeps the
 * samples themselves answers any windows by a sweep instead ({@link SampleSweep}).
 */
public final class ViewOperator {

    private ViewOperator() {}

    /**
     * @param rawRows reads the view's Scan over ascending disjoint spans in one store call, for the
     *     edges of off-grid windows
     * @param blocks merged blocks of panes kept between runs; null to keep none
     */
    public static PaneAnswer evaluate(
            ViewRangeFunction f,
            MaterializedView view,
            StepGrid grid,
            Value[] params,
            DataStore store,
            RunContext context,
            Function<List<Interval>, SeriesRows> rawRows,
            PaneBlocks blocks) {
        if (view.state().state().family() == io.tessera.sketch.StateFamily.SAMPLES) {
            throw new IllegalArgumentException(
                    "a view that keeps samples is swept (SampleSweep), not read pane by pane");
        }
        PaneGrid panes = new PaneGrid(view.paneMs(), view.phaseMs());
        int steps = grid.size();
        Interval[] windows = new Interval[steps];
        Interval[] covered = new Interval[steps];
        for (int i = 0; i < steps; i++) {
            windows[i] = Interval.ending(grid.time(i), f.windowMs());
            covered[i] = panes.coveredPart(windows[i]);
        }
        List<Interval> paneList = neededPanes(panes, covered);
        ViewStates states = null;
        MissingStateException clippedAt = null;
        while (!paneList.isEmpty()) {
            try {
                states = store.readMaterializedView(view.viewId(), MaterializedViewRequest.of(paneList), context);
                break;
            } catch (MissingStateException e) {
                // the newest panes are not built yet (a window ending at "now"): their part of every window is
                // read from raw data like the edges; a missing oldest pane leaves nothing to merge
                int at = paneList.indexOf(e.missing());
                if (at <= 0) {
                    throw e;
                }
                clippedAt = e;
                clipToEnd(covered, paneList.get(at).start());
                paneList = neededPanes(panes, covered);
            }
        }
        List<Interval> edgeSpans = edgeSpans(windows, covered);
        long edgeMs = Spans.coveredMs(edgeSpans);
        long spanMs = grid.last() - grid.start() + f.windowMs();
        if ((steps > 1 || clippedAt != null) && edgeMs * 2 > spanMs) {
            if (clippedAt != null) {
                throw clippedAt;
            }
            throw new MissingStateException(
                    view.definitionId(),
                    new Interval(grid.start() - f.windowMs(), grid.last()),
                    "these windows are off the view's " + view.paneMs()
                            + " ms pane grid, and their edges alone would read " + Math.round(100.0 * edgeMs / spanMs)
                            + "% of the raw data, so the exact answer is cheaper");
        }
        EdgeRows edges = EdgeRows.read(edgeSpans, rawRows);

        // sized for the view's groups: growing it rehashes every label set read so far
        Map<Labels, Integer> groupIds = HashMap.newHashMap(
                states == null || states.groups() == null ? 16 : states.groups().size() + 16);
        List<Labels> groups = new ArrayList<>(
                states == null || states.groups() == null ? 16 : states.groups().size());
        Map<Interval, Integer> paneIndex = new HashMap<>();
        for (int p = 0; p < paneList.size(); p++) {
            paneIndex.put(paneList.get(p), p);
        }
        // group-major: every pane's states in one column per group, read once; a column has a slot per single pane
        // and one per whole block (at one instant), so an hour of 15 s panes is about 26 slots, not 240
        int paneCount = paneList.size();
        int[] slotOf = new int[paneCount];
        int slots = 0;
        StateSpec spec = view.state().state();
        Supplier<State> newState = StateFactory.of(spec);
        RangeFunctionKind function = Finalizer.kindOf(f.function());
        // one window takes every slot: each group's states are merged as they are read
        GroupColumns columns = steps == 1 && function != RangeFunctionKind.QUANTILE_OVER_TIME
                ? GroupColumns.mergedAsPut(newState)
                : GroupColumns.inSlots(paneCount);
        LabelsTable table = states == null ? null : states.groups();
        // the store's group ids, resolved to this run's group indexes once per group rather than once per state
        int[][] indexOfId = {new int[0]};
        int[][] storeIdOf = {new int[0]};
        java.util.function.IntUnaryOperator local = id -> {
            int[] known = indexOfId[0];
            if (id >= known.length) {
                int old = known.length;
                known = Arrays.copyOf(known, Math.max(id + 1, 2 * old));
                Arrays.fill(known, old, known.length, -1);
                indexOfId[0] = known;
            }
            if (known[id] < 0) {
                int g = groupId(groupIds, groups, table.labels(id));
                known[id] = g;
                if (g >= storeIdOf[0].length) {
                    int old = storeIdOf[0].length;
                    storeIdOf[0] = Arrays.copyOf(storeIdOf[0], Math.max(g + 1, 2 * old));
                    Arrays.fill(storeIdOf[0], old, storeIdOf[0].length, -1);
                }
                storeIdOf[0][g] = id;
            }
            return known[id];
        };
        boolean inBlocks = blocks != null
                && steps == 1
                && table != null
                && view.state().state().family().isExact();
        // quantiles at one instant from KLL panes that still hold their values: blocks of sorted values, exact
        boolean valuesInBlocks = blocks != null
                && steps == 1
                && table != null
                && view.state().state().family() == io.tessera.sketch.StateFamily.KLL
                && Finalizer.kindOf(f.function()) == RangeFunctionKind.QUANTILE_OVER_TIME;
        List<PaneBlocks.Values> wholeValues = new ArrayList<>();
        for (int p = 0; p < paneCount; p++) {
            int pane = slots++;
            slotOf[p] = pane;
            if (table == null) {
                states.forEach(p, (group, state) -> columns.put(groupId(groupIds, groups, group), pane, state));
                continue;
            }
            int size = inBlocks || valuesInBlocks
                    ? PaneBlocks.wholeBlockAt(paneList, p, view.paneMs(), view.phaseMs())
                    : 0;
            if (size > 0) {
                // a whole block: its merged states sit at its first pane, the other panes of the block stay empty
                PaneBlocks.Key key = new PaneBlocks.Key(
                        view.definitionId(),
                        table,
                        states.version(),
                        paneList.get(p).start(),
                        size);
                if (valuesInBlocks) {
                    PaneBlocks.Values values = blocks.values(key);
                    if (values == null) {
                        values = BlockQuantiles.sortedValues(states, p, size);
                        if (values != null) {
                            blocks.keepValues(key, values);
                        }
                    }
                    if (values != null) {
                        for (int id = 0; id < values.sorted().length; id++) {
                            if (values.sorted()[id] != null || values.nans()[id] > 0) {
                                local.applyAsInt(id);
                            }
                        }
                        wholeValues.add(values);
                        Arrays.fill(slotOf, p, p + size, pane);
                        p += size - 1;
                        continue;
                    }
                    // a pane's sketch of this block no longer holds its values: its panes are read one by one
                    states.forEachGroup(p, (id, state) -> columns.put(local.applyAsInt(id), pane, state));
                    continue;
                }
                State[] merged = blocks.merged(key);
                if (merged == null) {
                    merged = mergeBlock(states, p, size, newState);
                    blocks.keepMerged(key, merged);
                }
                for (int id = 0; id < merged.length; id++) {
                    if (merged[id] != null) {
                        columns.put(local.applyAsInt(id), pane, merged[id]);
                    }
                }
                Arrays.fill(slotOf, p, p + size, pane);
                p += size - 1;
                continue;
            }
            states.forEachGroup(p, (id, state) -> columns.put(local.applyAsInt(id), pane, state));
        }
        int[] from = new int[steps];
        int[] to = new int[steps];
        for (int i = 0; i < steps; i++) {
            if (covered[i] != null) {
                List<Interval> within = panes.panesWithin(covered[i]);
                from[i] = slotOf[paneIndex.get(within.getFirst())];
                to[i] = slotOf[paneIndex.get(within.getLast())] + 1;
            } else {
                // no whole pane in the window: an empty run of panes where the previous step's ends, so both bounds
                // keep rising
                from[i] = i == 0 ? 0 : to[i - 1];
                to[i] = from[i];
            }
            if (i > 0 && (from[i] < from[i - 1] || to[i] < to[i - 1])) {
                throw new IllegalStateException("steps out of order");
            }
        }
        Grouping grouping = view.state().grouping();
        // exact edge states per step, by group id (null when a step has none)
        State[][] heads = new State[steps][];
        State[][] tails = new State[steps][];
        Map<SeriesRows, int[]> seriesGroups = new IdentityHashMap<>();
        if (!edges.isEmpty()) {
            for (int i = 0; i < steps; i++) {
                context.checkAlive();
                Interval c = covered[i];
                Interval head = c == null ? windows[i] : new Interval(windows[i].start(), c.start());
                heads[i] = edgeStates(groupIds, groups, seriesGroups, edges.covering(head), grouping, newState, head);
                Interval tail = c == null ? null : new Interval(c.end(), windows[i].end());
                tails[i] = tail == null
                        ? null
                        : edgeStates(groupIds, groups, seriesGroups, edges.covering(tail), grouping, newState, tail);
            }
        }
        double[][] p = new double[steps][params.length];
        for (int i = 0; i < steps; i++) {
            for (int k = 0; k < params.length; k++) {
                p[i][k] = ((ScalarValues) params[k]).at(i);
            }
        }
        InstantVector out = new InstantVector(grid, 16);
        SlidingMerge sliding = new SlidingMerge(newState);
        State[] none = new State[slots];
        boolean keepsName = function.keepsMetricName();
        // few steps: answer quantiles exactly from the panes' values while every sketch still holds them all
        boolean exactQuantiles = function == RangeFunctionKind.QUANTILE_OVER_TIME && steps <= EXACT_QUANTILE_STEPS;
        Scratch scratch = new Scratch();
        scratch.whole = wholeValues;
        boolean exact = spec.family().isExact();
        boolean sketched = false;
        for (int g = 0; g < groups.size(); g++) {
            context.checkAlive();
            if (!columns.merging()) {
                sliding.reset(columns.column(g, none));
            }
            int row = -1;
            for (int i = 0; i < steps; i++) {
                if (exactQuantiles) {
                    int storeId = g < storeIdOf[0].length ? storeIdOf[0][g] : -1;
                    double v = exactQuantile(
                            columns.column(g, none),
                            from[i],
                            to[i],
                            at(heads[i], g),
                            at(tails[i], g),
                            p[i][0],
                            scratch,
                            storeId);
                    if (!scratch.valid && !wholeValues.isEmpty()) {
                        // the blocks' panes are not in the columns: no sketch merge can stand in for them
                        throw new MissingStateException(
                                view.definitionId(), windows[i], "a pane's sketch no longer holds its samples' values");
                    }
                    if (scratch.valid) {
                        if (scratch.count > 0) {
                            if (row < 0) {
                                row = out.addSeries(groups.get(g).withoutMetricName());
                            }
                            out.set(row, i, v);
                        }
                        continue;
                    }
                }
                sketched = true;
                State merged = newState.get();
                State head = at(heads[i], g);
                if (head != null) {
                    merged.merge(head);
                }
                if (columns.merging()) {
                    State panesMerged = columns.merged(g);
                    if (panesMerged != null) {
                        merged.merge(panesMerged);
                    }
                } else {
                    sliding.mergeWindow(from[i], to[i], merged);
                }
                State tail = at(tails[i], g);
                if (tail != null) {
                    merged.merge(tail);
                }
                if (!Finalizer.hasValue(function, merged)) {
                    continue;
                }
                String disagreement = Finalizer.disagreement(function, merged);
                if (disagreement != null) {
                    throw new MissingStateException(view.definitionId(), windows[i], disagreement);
                }
                double v = Finalizer.finalize(function, merged, windows[i].start(), windows[i].end(), p[i]);
                if (row < 0) {
                    Labels l = groups.get(g);
                    row = out.addSeries(keepsName ? l : l.withoutMetricName());
                }
                out.set(row, i, v);
            }
        }
        return new PaneAnswer(out, exact || exactQuantiles && !sketched);
    }

    /** Every pane within the covered parts, in time order, each once. */
    private static List<Interval> neededPanes(PaneGrid panes, Interval[] covered) {
        TreeSet<Interval> needed = new TreeSet<>();
        for (Interval c : covered) {
            if (c != null) {
                needed.addAll(panes.panesWithin(c));
            }
        }
        return new ArrayList<>(needed);
    }

    /** Cuts every covered part at {@code end}, the start of the first pane the view has not built. */
    private static void clipToEnd(Interval[] covered, long end) {
        for (int i = 0; i < covered.length; i++) {
            Interval c = covered[i];
            if (c != null && c.end() > end) {
                covered[i] = c.start() < end ? new Interval(c.start(), end) : null;
            }
        }
    }

    /** The parts of the windows that no pane covers: read from raw data. */
    private static List<Interval> edgeSpans(Interval[] windows, Interval[] covered) {
        List<Interval> spans = new ArrayList<>();
        for (int i = 0; i < windows.length; i++) {
            Interval c = covered[i];
            if (c == null || c.start() > windows[i].start()) {
                spans.add(new Interval(windows[i].start(), c == null ? windows[i].end() : c.start()));
            }
            if (c != null && c.end() < windows[i].end()) {
                spans.add(new Interval(c.end(), windows[i].end()));
            }
        }
        return spans;
    }

    private static final int EXACT_QUANTILE_STEPS = 4;

    /** Reused buffer of the exact-quantile path. */
    private static final class Scratch {
        BlockQuantiles blocks;
        /** The window's whole blocks kept as sorted values, empty when none. */
        List<PaneBlocks.Values> whole = List.of();

        double[] values = new double[1024];
        int count;
        boolean valid;
        final int[] n = new int[1];
    }

    /**
     * The exact quantile of the window's values, gathered from KLL states that have not yet
     * compacted; {@code scratch.valid} is false (and NaN returned) when one has.
     */
    private static double exactQuantile(
            State[] panes, int from, int to, State head, State tail, double q, Scratch scratch, int storeId) {
        List<PaneBlocks.Values> whole = scratch.whole;
        scratch.count = 0;
        scratch.valid = false;
        if (!gather(head, scratch) || !gather(tail, scratch)) {
            return Double.NaN;
        }
        for (int j = from; j < to; j++) {
            if (!gather(panes[j], scratch)) {
                return Double.NaN;
            }
        }
        scratch.valid = true;
        if (!whole.isEmpty() && storeId >= 0) {
            if (scratch.blocks == null) {
                scratch.blocks = new BlockQuantiles();
            }
            double v = scratch.blocks.quantile(q, scratch.values, scratch.count, whole, storeId);
            scratch.valid = scratch.blocks.count() >= 0;
            scratch.count = Math.max(0, scratch.blocks.count());
            return v;
        }
        return scratch.count == 0
                ? Double.NaN
                : io.tessera.exec.function.Quantiles.quantileBySelection(q, scratch.values, scratch.count);
    }

    private static boolean gather(State state, Scratch scratch) {
        if (state == null) {
            return true;
        }
        io.tessera.sketch.KllState kll = (io.tessera.sketch.KllState) state;
        double[] grown = kll.exactValues(scratch.values, scratch.count, scratch.n);
        if (grown == null) {
            return false;
        }
        // the state counts its NaN samples apart from its values; the exact quantile orders them first
        long all = scratch.n[0] + kll.nanCount();
        if (all > Integer.MAX_VALUE - 8) {
            return false;
        }
        if (all > grown.length) {
            grown = Arrays.copyOf(grown, (int) Math.min(Integer.MAX_VALUE - 8, Math.max(2L * grown.length, all)));
        }
        Arrays.fill(grown, scratch.n[0], (int) all, Double.NaN);
        scratch.values = grown;
        scratch.count = (int) all;
        return true;
    }

    private static State at(State[] byGroup, int g) {
        return byGroup == null || g >= byGroup.length ? null : byGroup[g];
    }

    /** The panes {@code [first, first + size)} merged in time order, by the store's group id. */
    private static State[] mergeBlock(ViewStates states, int first, int size, Supplier<State> newState) {
        State[][] merged = {new State[16]};
        for (int p = first; p < first + size; p++) {
            states.forEachGroup(p, (id, state) -> {
                if (id >= merged[0].length) {
                    merged[0] = Arrays.copyOf(merged[0], Math.max(id + 1, 2 * merged[0].length));
                }
                if (merged[0][id] == null) {
                    merged[0][id] = newState.get();
                }
                merged[0][id].merge(state);
            });
        }
        return merged[0];
    }

    private static int groupId(Map<Labels, Integer> groupIds, List<Labels> groups, Labels group) {
        int next = groups.size();
        Integer g = groupIds.putIfAbsent(group, next);
        if (g == null) {
            groups.add(group);
            return next;
        }
        return g;
    }

    /** Exact states of the raw samples in {@code edge}, by group id; null when the edge is empty. */
    private static State[] edgeStates(
            Map<Labels, Integer> groupIds,
            List<Labels> groups,
            Map<SeriesRows, int[]> seriesGroups,
            SeriesRows rows,
            Grouping grouping,
            Supplier<State> newState,
            Interval edge) {
        if (edge.isEmpty() || rows == null) {
            return null;
        }
        int[] groupOf = seriesGroups.get(rows);
        if (groupOf == null) {
            groupOf = new int[rows.size()];
            for (int s = 0; s < rows.size(); s++) {
                groupOf[s] = groupId(groupIds, groups, grouping.groupOf(rows.labels(s)));
            }
            seriesGroups.put(rows, groupOf);
        }
        State[] built = null;
        for (int s = 0; s < rows.size(); s++) {
            long[] ts = rows.ts(s);
            double[] vs = rows.values(s);
            int from = Timestamps.firstAfter(ts, rows.count(s), edge.start());
            int to = Timestamps.firstAfter(ts, rows.count(s), edge.end());
            State state = null;
            for (int i = from; i < to; i++) {
                if (StaleMarker.isStale(vs[i])) {
                    continue;
                }
                if (state == null) {
                    int g = groupOf[s];
                    if (built == null || g >= built.length) {
                        built = built == null
                                ? new State[Math.max(16, g + 1)]
                                : Arrays.copyOf(built, Math.max(g + 1, built.length * 2));
                    }
                    if (built[g] == null) {
                        built[g] = newState.get();
                    }
                    state = built[g];
                }
                state.update(ts[i], vs[i]);
            }
        }
        return built;
    }
}
