package io.tessera.exec.sql;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.exec.DataStore;
import io.tessera.exec.MaterializedViewRequest;
import io.tessera.exec.RunContext;
import io.tessera.exec.ViewStates;
import io.tessera.sketch.DistinctState;
import io.tessera.sketch.KllState;
import io.tessera.sketch.State;
import io.tessera.sql.AggregateFunction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per view, the per-group merge of the panes of the last pane range a run read, kept between the
 * runs of one {@link SqlEngine}. Every run still reads the panes from its own store handle; the
 * kept merge is used only when that read hands out the very same states in the same order, so
 * a rebuilt pane or another store is merged afresh. A dashboard re-evaluating a window between
 * two pane boundaries then merges nothing but its raw edges.
 *
 * <p>A group's pane part is, for quantiles, every value sorted (when each pane still holds all its
 * values and together at most {@link #EXACT_LIMIT}) or the merged KLL's sorted view; for
 * distinct counts one CPC union; for sums and counts the merged state. Parts are never written
 * after they are built, so concurrent runs share them.
 */
final class PaneMemo {

    static final int EXACT_LIMIT = 1 << 14;

    /** A group's quantile pane part: exactly {@code sorted}, or a sketch's sorted view. */
    record QuantilePanes(double[] sorted, KllState.Sorted sketch, io.tessera.sketch.ErrorBound bound) {
    }

    private record Entry(long first, long last, State[] seen, Map<Labels, Object> parts) {
    }

    private final Map<String, Entry> entries = new ConcurrentHashMap<>();

    /** The pane parts of {@code [first, last)} (on the view's grid) by group, read from {@code store}. */
    Map<Labels, Object> panes(SqlView view, DataStore store, RunContext context, long first, long last) {
        long p = view.paneMs();
        List<Interval> panes = new ArrayList<>((int) ((last - first) / p));
        for (long t = first; t < last; t += p) {
            panes.add(new Interval(t, t + p));
        }
        ViewStates states = store.readMaterializedView(view.materializedView(),
                new MaterializedViewRequest(new Interval(first, last), panes), context);
        Entry kept = entries.get(view.definitionId());
        if (kept != null && kept.first == first && kept.last == last && same(states, kept.seen)) {
            return kept.parts;
        }
        Map<Labels, List<State>> byGroup = new LinkedHashMap<>();
        List<State> seen = new ArrayList<>();
        for (int i = 0; i < states.paneCount(); i++) {
            context.checkAlive();
            states.forEach(i, (group, state) -> {
                byGroup.computeIfAbsent(group, g -> new ArrayList<>()).add(state);
                seen.add(state);
            });
        }
        Map<Labels, Object> parts = new LinkedHashMap<>();
        for (Map.Entry<Labels, List<State>> e : byGroup.entrySet()) {
            context.checkAlive();
            parts.put(e.getKey(), part(view, e.getValue()));
        }
        Map<Labels, Object> frozen = Collections.unmodifiableMap(parts);
        entries.put(view.definitionId(), new Entry(first, last, seen.toArray(new State[0]), frozen));
        return frozen;
    }

    private static boolean same(ViewStates states, State[] seen) {
        int[] at = {0};
        boolean[] differs = {false};
        for (int i = 0; i < states.paneCount() && !differs[0]; i++) {
            states.forEach(i, (group, state) -> {
                if (at[0] >= seen.length || seen[at[0]] != state) {
                    differs[0] = true;
                }
                at[0]++;
            });
        }
        return !differs[0] && at[0] == seen.length;
    }

    private static Object part(SqlView view, List<State> states) {
        if (view.function() == AggregateFunction.QUANTILE) {
            double[] sorted = gathered(states);
            if (sorted != null) {
                return new QuantilePanes(sorted, null, io.tessera.sketch.ErrorBound.EXACT);
            }
            KllState merged = (KllState) combine(view, states);
            return new QuantilePanes(null, merged.sorted(), merged.errorBound());
        }
        return combine(view, states);
    }

    /** Every value of a group's KLL panes, sorted, when each pane still holds all its values and they are at most {@link #EXACT_LIMIT}. */
    private static double[] gathered(List<State> states) {
        long total = 0;
        for (State s : states) {
            total += ((KllState) s).count();
        }
        if (total > EXACT_LIMIT) {
            return null;
        }
        double[] values = new double[(int) total];
        int[] count = new int[1];
        int n = 0;
        for (State s : states) {
            double[] out = ((KllState) s).exactValues(values, n, count);
            if (out == null) {
                return null;
            }
            values = out;
            n = count[0];
        }
        double[] sorted = n == values.length ? values : Arrays.copyOf(values, n);
        Arrays.sort(sorted);
        return sorted;
    }

    /** The merge of one group's pane states into a new state (the store's states are not written). */
    static State combine(SqlView view, List<State> states) {
        if (states.getFirst() instanceof DistinctState d) {
            List<DistinctState> all = new ArrayList<>(states.size());
            for (State s : states) {
                all.add((DistinctState) s);
            }
            return DistinctState.union(d.lgK(), all);
        }
        State merged = view.newState();
        double[] buffer = new double[256];
        int[] count = new int[1];
        for (State s : states) {
            double[] values = s instanceof KllState k ? k.exactValues(buffer, 0, count) : null;
            if (values == null) {
                merged.merge(s);
            } else {
                buffer = values;
                for (int i = 0; i < count[0]; i++) {
                    merged.update(0L, values[i]);
                }
            }
        }
        return merged;
    }
}
