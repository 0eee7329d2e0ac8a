package io.tessera.exec.sql;

import io.tessera.core.Column;
import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.plan.GroupedAggregate;
import io.tessera.plan.TableWindow;
import io.tessera.sketch.CountState;
import io.tessera.sketch.DistinctCoupons;
import io.tessera.sketch.DistinctState;
import io.tessera.sketch.ErrorBound;
import io.tessera.sketch.State;
import io.tessera.sketch.SumState;
import io.tessera.sql.SqlType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A GroupedAggregate answered from a {@link SqlView}: the window {@code (start, end]} is the merge
 * of the panes it contains (one batched view read) and of exact states built from raw rows for
 * its uncovered head and tail, never a window rounded to the grid. The panes' merge per group is
 * kept between runs ({@link PaneMemo}); the edges are read and merged on every run (a distinct
 * count's raw rows counted on top of its panes' coupons, {@link DistinctCoupons}). A quantile
 * whose panes still hold every value is answered exactly (interpolated as the exact engine
 * does), otherwise from the merged KLL and the exact edge values ({@link WindowQuantiles}).
 */
final class ViewAggregation {

    private ViewAggregation() {}

    static RowTable answer(GroupedAggregate node, EdgeSource source, Consumer<ErrorBound> approximate, PaneMemo memo) {
        SqlView view = source.view();
        long start = source.window().startExclusive();
        long end = source.window().endInclusive();
        long first = source.firstWholePane();
        long last = source.lastWholePaneEnd();
        Map<Labels, Object> panes = Map.of();
        Map<Labels, Object> edges = new LinkedHashMap<>();
        Function<Labels, Object> newPart = EdgeRows.fresh(view);
        if (first < last) {
            PaneMemo.Read read = memo.panes(view, source.store(), source.context(), first, last);
            panes = read.parts();
            newPart = newPart(view, panes);
            for (Interval pane : read.exact()) {
                EdgeRows.add(edges, newPart, source, pane.start(), pane.end());
            }
            source.reportExactPanes(read.exact().size(), first, last);
            EdgeRows.add(edges, newPart, source, start, first);
            EdgeRows.add(edges, newPart, source, last, end);
        } else {
            EdgeRows.add(edges, newPart, source, start, end);
        }
        Map<Labels, Object> merged = new LinkedHashMap<>();
        for (Map.Entry<Labels, Object> e : panes.entrySet()) {
            merged.put(e.getKey(), combine(view, e.getValue(), edges.get(e.getKey())));
        }
        for (Map.Entry<Labels, Object> e : edges.entrySet()) {
            if (!panes.containsKey(e.getKey())) {
                merged.put(e.getKey(), combine(view, null, e.getValue()));
            }
        }
        return table(node, source.window(), null, merged, approximate);
    }

    /** A group's new raw part: a distinct count's counter on its pane coupons when it has panes (no union per group). */
    private static Function<Labels, Object> newPart(SqlView view, Map<Labels, Object> panes) {
        Function<Labels, Object> fresh = EdgeRows.fresh(view);
        if (view.function() != io.tessera.sql.AggregateFunction.APPROX_COUNT_DISTINCT) {
            return fresh;
        }
        return g -> panes.get(g) instanceof DistinctCoupons d ? d.counter() : fresh.apply(g);
    }

    /** A group's answer from its pane part and its raw edge part (either may be null). */
    static Object combine(SqlView view, Object panes, Object edge) {
        if (view.function() == io.tessera.sql.AggregateFunction.QUANTILE) {
            EdgeRows.Values values = (EdgeRows.Values) edge;
            double[] raw = values == null ? null : values.values;
            int n = values == null ? 0 : values.size;
            return switch ((PaneMemo.QuantilePanes) panes) {
                case null -> WindowQuantiles.exact(null, raw, n);
                case PaneMemo.QuantilePanes q when q.sorted() != null -> WindowQuantiles.exact(q.sorted(), raw, n);
                case PaneMemo.QuantilePanes q -> WindowQuantiles.sketched(q.sketch(), q.bound(), raw, n);
            };
        }
        if (panes instanceof DistinctCoupons d) {
            return switch (edge) {
                case null -> d.counter();
                case DistinctCoupons.Counter c -> c;
                default ->
                    throw new IllegalStateException(
                            "a distinct count's raw rows go to its panes' counter, not " + edge);
            };
        }
        if (edge == null) {
            return panes;
        }
        if (panes == null) {
            return edge;
        }
        if (panes instanceof DistinctState d) {
            return DistinctState.union(d.lgK(), List.of(d, (DistinctState) edge));
        }
        State sum = view.newState();
        sum.merge((State) panes);
        sum.merge((State) edge);
        return sum;
    }

    /**
     * The answer table: a row per group of {@code merged} (its key values its labels; the time
     * bucket {@code bucketKey}, when not null, a label holding the bucket's start in ms).
     */
    static RowTable table(
            GroupedAggregate node,
            TableWindow window,
            String bucketKey,
            Map<Labels, Object> merged,
            Consumer<ErrorBound> approximate) {
        boolean global = node.keys().isEmpty();
        int groups = global ? 1 : merged.size();
        List<Labels> order = new ArrayList<>(merged.keySet());
        List<Object> answers = new ArrayList<>(merged.values());
        List<String> names = new ArrayList<>();
        List<SqlType> types = new ArrayList<>();
        List<Object> columns = new ArrayList<>();
        // the per-row loops are methods of their own: the JIT compiles a loop on the stack only
        // outside an expression (a loop in a switch expression's arm waits for the whole method)
        for (String key : node.keys()) {
            names.add(key);
            if (key.equals(bucketKey)) {
                types.add(SqlType.TIMESTAMP);
                columns.add(longKeys(order, key, groups));
                continue;
            }
            Column c = column(window, key);
            types.add(TableReader.sqlType(window, c));
            switch (c.type()) {
                case LONG -> columns.add(longKeys(order, key, groups));
                case DOUBLE -> columns.add(doubleKeys(order, key, groups));
                default -> columns.add(stringKeys(order, key, groups));
            }
        }
        for (GroupedAggregate.Spec spec : node.aggregates()) {
            SqlType argType = spec.column() == null
                    ? null
                    : column(window, spec.column()).type() == io.tessera.core.ColumnType.LONG
                            ? SqlType.BIGINT
                            : SqlType.DOUBLE;
            if (spec.function() == io.tessera.sql.AggregateFunction.TOP_K) {
                argType = spec.column().equals(window.timeColumn())
                        ? SqlType.TIMESTAMP
                        : switch (column(window, spec.column()).type()) {
                            case LONG -> SqlType.BIGINT;
                            case DOUBLE -> SqlType.DOUBLE;
                            default -> SqlType.VARCHAR;
                        };
            }
            names.add(spec.output());
            types.add(Aggregation.resultType(spec.function(), argType));
            columns.add(values(spec, answers, groups, argType, approximate));
        }
        return new RowTable(names, types, columns.toArray(), groups);
    }

    private static long[] longKeys(List<Labels> order, String key, int groups) {
        long[] a = new long[groups];
        for (int g = 0; g < groups; g++) {
            a[g] = Long.parseLong(order.get(g).get(key));
        }
        return a;
    }

    private static double[] doubleKeys(List<Labels> order, String key, int groups) {
        double[] a = new double[groups];
        for (int g = 0; g < groups; g++) {
            a[g] = Double.parseDouble(order.get(g).get(key));
        }
        return a;
    }

    private static String[] stringKeys(List<Labels> order, String key, int groups) {
        String[] a = new String[groups];
        for (int g = 0; g < groups; g++) {
            a[g] = order.get(g).get(key);
        }
        return a;
    }

    /** One aggregate's column: a value per group (one group, possibly without an answer, without keys). */
    private static Object[] values(
            GroupedAggregate.Spec spec,
            List<Object> answers,
            int groups,
            SqlType argType,
            Consumer<ErrorBound> approximate) {
        Object[] out = new Object[groups];
        for (int g = 0; g < groups; g++) {
            out[g] = value(spec, g < answers.size() ? answers.get(g) : null, argType, approximate);
        }
        return out;
    }

    private static Object value(
            GroupedAggregate.Spec spec, Object s, SqlType argType, Consumer<ErrorBound> approximate) {
        return switch (s) {
            case WindowQuantiles w -> {
                if (!w.isExact() && w.count() > 0) {
                    approximate.accept(w.bound());
                }
                yield w.quantile(spec.fraction());
            }
            case null ->
                spec.function() == io.tessera.sql.AggregateFunction.COUNT
                                || spec.function() == io.tessera.sql.AggregateFunction.APPROX_COUNT_DISTINCT
                        ? (Object) 0L
                        : spec.function() == io.tessera.sql.AggregateFunction.TOP_K ? List.of() : null;
            case DistinctState d -> {
                approximate.accept(d.errorBound());
                yield Math.round(d.estimate());
            }
            case DistinctCoupons.Counter c -> {
                approximate.accept(c.errorBound());
                yield Math.round(c.estimate());
            }
            case SumState sum ->
                sum.count() == 0
                        ? null
                        : argType == SqlType.BIGINT ? (Object) Math.round(sum.value()) : (Object) sum.value();
            case CountState c -> c.value();
            case BucketedViewAggregation.Corrected c ->
                c.isCount()
                        ? (Object) c.count()
                        : c.count() == 0
                                ? null
                                : argType == SqlType.BIGINT ? (Object) Math.round(c.sum()) : (Object) c.sum();
            case io.tessera.sketch.FrequentState f -> {
                approximate.accept(f.errorBound());
                List<Object> top = new ArrayList<>();
                for (io.tessera.sketch.FrequentItem item : f.topK((int) spec.fraction())) {
                    top.add(
                            switch (argType) {
                                case BIGINT, TIMESTAMP -> (Object) Long.parseLong(item.key());
                                case DOUBLE -> Double.parseDouble(item.key());
                                default -> item.key();
                            });
                }
                yield List.copyOf(top);
            }
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
