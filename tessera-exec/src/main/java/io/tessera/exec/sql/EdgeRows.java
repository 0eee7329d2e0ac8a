package io.tessera.exec.sql;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.Schema;
import io.tessera.exec.context.RunContext;
import io.tessera.plan.Scan;
import io.tessera.plan.TableWindow;
import io.tessera.sketch.DistinctCoupons;
import io.tessera.sketch.State;
import io.tessera.spi.DataStore;
import io.tessera.spi.RawDataRequest;
import io.tessera.spi.Source;
import io.tessera.sql.AggregateFunction;
import io.tessera.sql.SqlType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The raw rows of a window's uncovered span {@code (from, to]} folded into each group's edge part:
 * for quantiles the group's values ({@link Values}, unsorted), for the other families a state of
 * the view, or for a distinct count whose group has panes a counter on their coupons (put there,
 * or made, by the caller). A table's batches are grouped as they come (no copy into one table first); a
 * metric's samples go through {@link TableReader}.
 */
final class EdgeRows {

    private EdgeRows() {}

    /** One group's raw values of a quantile's column (NaN left out, as the pane sketches leave it out), in row order. */
    static final class Values {
        double[] values = new double[64];
        int size;

        void add(double v) {
            if (Double.isNaN(v)) {
                return;
            }
            if (size == values.length) {
                values = java.util.Arrays.copyOf(values, 2 * size);
            }
            values[size++] = v;
        }
    }

    static void add(Map<Labels, Object> edges, EdgeSource source, long from, long to) {
        add(edges, fresh(source.view()), source, from, to);
    }

    /** A group's new edge part: its values for a quantile, else a state of the view. */
    static Function<Labels, Object> fresh(SqlView view) {
        return view.function() == AggregateFunction.QUANTILE ? g -> new Values() : g -> view.newState();
    }

    /** As {@link #add(Map, EdgeSource, long, long)}, a group's part made by {@code newPart}. */
    static void add(
            Map<Labels, Object> edges, Function<Labels, Object> newPart, EdgeSource source, long from, long to) {
        if (to <= from) {
            return;
        }
        SqlView view = source.view();
        TableWindow window = source.window();
        Scan scan = source.scan();
        DataStore store = source.store();
        RunContext context = source.context();
        if (scan.source() instanceof Source.TimeSeries) {
            TableWindow edge = new TableWindow(window.input(), window.timeColumn(), window.columns(), from, to);
            fold(edges, newPart, view, TableReader.read(scan, edge, store, context), window.timeColumn(), from, to);
            return;
        }
        Schema schema = new Schema(window.columns());
        List<String> names = new ArrayList<>();
        List<SqlType> types = new ArrayList<>();
        for (Column c : window.columns()) {
            names.add(c.name());
            types.add(SqlType.DOUBLE);
        }
        var batches = store.readRawData(
                scan.source(),
                new RawDataRequest(
                        new Interval(from, to),
                        schema,
                        scan.matchers(),
                        view.filter() == null
                                ? null
                                : RowPredicates.pushable(view.filter().predicate())),
                context);
        while (batches.hasNext()) {
            context.checkAlive();
            Batch b = batches.next();
            Object[] columns = new Object[names.size()];
            for (int c = 0; c < columns.length; c++) {
                int at = b.schema().require(names.get(c));
                Column wanted = window.columns().get(c);
                if (b.schema().column(at).type() != wanted.type()) {
                    throw new IllegalStateException("the store returned column " + wanted.name() + " as "
                            + b.schema().column(at).type() + ", not " + wanted.type());
                }
                columns[c] = switch (wanted.type()) {
                    case LONG -> b.longs(at);
                    case DOUBLE -> b.doubles(at);
                    case STRING -> b.strings(at);
                    case LABELS -> throw new IllegalStateException("a table window has no labels column");
                };
            }
            fold(
                    edges,
                    newPart,
                    view,
                    new RowTable(names, types, columns, b.rowCount()),
                    window.timeColumn(),
                    from,
                    to);
        }
    }

    /** Folds the rows of {@code rows} whose time is in {@code (from, to]} into the groups' edge parts. */
    private static void fold(
            Map<Labels, Object> edges,
            Function<Labels, Object> newPart,
            SqlView view,
            RowTable rows,
            String timeColumn,
            long from,
            long to) {
        if (view.filter() != null) {
            // the rows the condition leaves out are not grouped at all
            rows = view.filter().apply(rows);
        }
        long[] ts = (long[]) rows.columns[rows.index(timeColumn)];
        SqlViewBuilder.GroupKeys groups = new SqlViewBuilder.GroupKeys(rows, view.rowKeys());
        // count(*) read through a count view does not read the view's column: a row is a count
        int at = rows.names.indexOf(view.column());
        Object values = at >= 0 ? rows.columns[at] : null;
        boolean quantile = view.function() == AggregateFunction.QUANTILE;
        // a row group's part is its query group's; null when the reading's condition leaves it out
        Object[] partOf = new Object[groups.count()];
        for (int g = 0; g < partOf.length; g++) {
            Labels group = view.perSeries() ? groups.labelsOf(g) : view.groupOf(groups.labelsOf(g));
            partOf[g] = group == null ? null : edges.computeIfAbsent(group, newPart);
        }
        int n = rows.rows;
        if (quantile) {
            for (int r = 0; r < n; r++) {
                if (ts[r] > from && ts[r] <= to && partOf[groups.group(r)] instanceof Values part) {
                    part.add(values instanceof double[] d ? d[r] : (double) ((long[]) values)[r]);
                }
            }
            return;
        }
        if (values == null && view.function() == AggregateFunction.COUNT) {
            for (int r = 0; r < n; r++) {
                if (ts[r] > from && ts[r] <= to && partOf[groups.group(r)] instanceof State part) {
                    part.update(ts[r], 0.0);
                }
            }
            return;
        }
        for (int r = 0; r < n; r++) {
            if (ts[r] > from && ts[r] <= to) {
                Object part = partOf[groups.group(r)];
                if (part == null) {
                    continue;
                }
                if (part instanceof DistinctCoupons.Counter c) {
                    count(c, values, r);
                } else {
                    SqlViewBuilder.update((State) part, values, r, ts[r]);
                }
            }
        }
    }

    /** Counts row {@code r} of {@code values} as {@link SqlViewBuilder#update} counts it into a distinct state. */
    private static void count(DistinctCoupons.Counter c, Object values, int r) {
        switch (values) {
            case double[] a -> c.add(a[r]);
            case long[] a -> c.add((double) a[r]);
            case String[] a -> c.add(a[r]);
            default -> throw new IllegalStateException("column of " + values.getClass());
        }
    }
}
