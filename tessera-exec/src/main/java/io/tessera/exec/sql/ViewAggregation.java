package io.tessera.exec.sql;

import io.tessera.core.Column;
import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.exec.DataStore;
import io.tessera.exec.RunContext;
import io.tessera.exec.ViewStates;
import io.tessera.plan.GroupedAggregate;
import io.tessera.plan.Scan;
import io.tessera.plan.TableWindow;
import io.tessera.sketch.CountState;
import io.tessera.sketch.DistinctState;
import io.tessera.sketch.ErrorBound;
import io.tessera.sketch.KllState;
import io.tessera.sketch.State;
import io.tessera.sketch.SumState;
import io.tessera.sql.SqlType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A GroupedAggregate answered from a {@link SqlView}: the window {@code (start, end]} is the merge
 * of the panes it contains (one batched view read) and of exact states built from raw rows for
 * its uncovered head and tail, never a window rounded to the grid. A quantile whose merged KLL
 * still holds every value is answered exactly (interpolated as the exact engine does).
 */
final class ViewAggregation {

    private ViewAggregation() {
    }

    static RowTable answer(GroupedAggregate node, TableWindow window, Scan scan, SqlView view, DataStore store,
                           RunContext context, Consumer<ErrorBound> approximate) {
        long start = window.startExclusive();
        long end = window.endInclusive();
        long p = view.paneMs();
        long first = Math.ceilDiv(start, p) * p;
        // With no upper bound the panes cover up to now, and rows after now are read raw.
        long last = Math.floorDiv(end == Long.MAX_VALUE ? Math.max(start, context.queryEnd()) : end, p) * p;
        Map<Labels, List<State>> parts = new LinkedHashMap<>();
        if (first < last) {
            List<Interval> panes = new ArrayList<>();
            for (long t = first; t < last; t += p) {
                panes.add(new Interval(t, t + p));
            }
            UsablePanes.Read read = UsablePanes.read(view, panes, store, context);
            ViewStates states = read.states();
            for (int i = 0; states != null && i < states.paneCount(); i++) {
                context.checkAlive();
                states.forEach(i, (group, state) -> parts.computeIfAbsent(view.groupOf(group), g -> new ArrayList<>()).add(state));
            }
            for (Interval pane : read.exact()) {
                addRaw(parts, view, window, scan, store, context, pane.start(), pane.end());
            }
            if (!read.exact().isEmpty()) {
                context.info("SQL info: " + read.exact().size() + " of " + panes.size() + " panes of view " + view.definitionId()
                        + " answered exactly from raw rows (late rows arrived for them, or they are not built yet)");
            }
            addRaw(parts, view, window, scan, store, context, start, first);
            addRaw(parts, view, window, scan, store, context, last, end);
        } else {
            addRaw(parts, view, window, scan, store, context, start, end);
        }
        Map<Labels, Object> merged = new LinkedHashMap<>();
        for (Map.Entry<Labels, List<State>> e : parts.entrySet()) {
            double[] exact = view.function() == io.tessera.sql.AggregateFunction.QUANTILE ? gathered(e.getValue()) : null;
            merged.put(e.getKey(), exact != null ? exact : combine(view, e.getValue()));
        }
        return table(node, window, merged, approximate);
    }

    /**
     * Every value of a group's KLL parts, sorted, when each part still holds all its values and
     * together they are at most {@link #EXACT_GATHER_LIMIT}: the quantile is then exact; else null.
     */
    private static double[] gathered(List<State> states) {
        long total = 0;
        for (State s : states) {
            total += ((KllState) s).count();
        }
        if (total > EXACT_GATHER_LIMIT) {
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
        double[] sorted = n == values.length ? values : java.util.Arrays.copyOf(values, n);
        java.util.Arrays.sort(sorted);
        return sorted;
    }

    static final int EXACT_GATHER_LIMIT = 1 << 14;

    /** The merge of one group's pane and edge states, into a new state (the store's states are not written). */
    private static State combine(SqlView view, List<State> states) {
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

    private static void addRaw(Map<Labels, List<State>> parts, SqlView view, TableWindow window, Scan scan, DataStore store,
                               RunContext context, long from, long to) {
        if (to <= from) {
            return;
        }
        TableWindow edge = new TableWindow(window.input(), window.timeColumn(), window.columns(), from, to);
        RowTable rows = TableReader.read(scan, edge, store, context);
        long[] ts = (long[]) rows.columns[rows.index(window.timeColumn())];
        SqlViewBuilder.GroupKeys groups = new SqlViewBuilder.GroupKeys(rows, view.keys());
        Object values = rows.columns[rows.index(view.column())];
        Map<Labels, State> edgeStates = new LinkedHashMap<>();
        for (int r = 0; r < rows.rows; r++) {
            SqlViewBuilder.update(edgeStates.computeIfAbsent(groups.labels(r), g -> view.newState()), values, r, ts[r]);
        }
        edgeStates.forEach((group, state) -> parts.computeIfAbsent(group, g -> new ArrayList<>()).add(state));
    }

    private static RowTable table(GroupedAggregate node, TableWindow window, Map<Labels, Object> merged,
                                  Consumer<ErrorBound> approximate) {
        boolean global = node.keys().isEmpty();
        int groups = global ? 1 : merged.size();
        List<Labels> order = new ArrayList<>(merged.keySet());
        List<String> names = new ArrayList<>();
        List<SqlType> types = new ArrayList<>();
        List<Object> columns = new ArrayList<>();
        for (String key : node.keys()) {
            Column c = column(window, key);
            names.add(key);
            types.add(c.name().equals(window.timeColumn()) ? SqlType.TIMESTAMP : switch (c.type()) {
                case LONG -> SqlType.BIGINT;
                case DOUBLE -> SqlType.DOUBLE;
                default -> SqlType.VARCHAR;
            });
            columns.add(switch (c.type()) {
                case LONG -> {
                    long[] a = new long[groups];
                    for (int g = 0; g < groups; g++) {
                        a[g] = Long.parseLong(order.get(g).get(key));
                    }
                    yield a;
                }
                case DOUBLE -> {
                    double[] a = new double[groups];
                    for (int g = 0; g < groups; g++) {
                        a[g] = Double.parseDouble(order.get(g).get(key));
                    }
                    yield a;
                }
                default -> {
                    String[] a = new String[groups];
                    for (int g = 0; g < groups; g++) {
                        a[g] = order.get(g).get(key);
                    }
                    yield a;
                }
            });
        }
        for (GroupedAggregate.Spec spec : node.aggregates()) {
            SqlType argType = spec.column() == null ? null : column(window, spec.column()).type() == io.tessera.core.ColumnType.LONG
                    ? SqlType.BIGINT : SqlType.DOUBLE;
            names.add(spec.output());
            types.add(Aggregation.resultType(spec.function(), argType));
            Object[] out = new Object[groups];
            for (int g = 0; g < groups; g++) {
                Object s = global ? (merged.isEmpty() ? null : merged.values().iterator().next()) : merged.get(order.get(g));
                out[g] = value(spec, s, argType, approximate);
            }
            columns.add(out);
        }
        return new RowTable(names, types, columns.toArray(), groups);
    }

    private static Object value(GroupedAggregate.Spec spec, Object s, SqlType argType, Consumer<ErrorBound> approximate) {
        return switch (s) {
            case double[] sorted -> sorted.length == 0 ? null : ExactQuantiles.interpolate(sorted, 0, sorted.length, spec.fraction());
            case null -> spec.function() == io.tessera.sql.AggregateFunction.COUNT
                    || spec.function() == io.tessera.sql.AggregateFunction.APPROX_COUNT_DISTINCT ? (Object) 0L : null;
            case KllState k -> {
                if (k.isEmpty()) {
                    yield null;
                }
                int[] count = new int[1];
                double[] values = k.exactValues(new double[(int) Math.min(k.count(), 1 << 16)], 0, count);
                if (values != null) {
                    java.util.Arrays.sort(values, 0, count[0]);
                    yield ExactQuantiles.interpolate(values, 0, count[0], spec.fraction());
                }
                approximate.accept(k.errorBound());
                yield k.quantile(spec.fraction());
            }
            case DistinctState d -> {
                approximate.accept(d.errorBound());
                yield Math.round(d.estimate());
            }
            case SumState sum -> sum.count() == 0 ? null : argType == SqlType.BIGINT ? (Object) Math.round(sum.value()) : (Object) sum.value();
            case CountState c -> c.value();
            default -> throw new IllegalStateException("state " + s);
        };
    }

    private static Column column(TableWindow window, String name) {
        for (Column c : window.columns()) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new IllegalStateException("no column " + name + " in " + window);
    }
}
