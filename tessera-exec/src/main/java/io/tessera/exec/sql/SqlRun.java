package io.tessera.exec.sql;

import io.tessera.core.Column;
import io.tessera.core.MissingStateException;
import io.tessera.exec.context.RunContext;
import io.tessera.plan.GroupedAggregate;
import io.tessera.plan.OrderLimit;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.Project;
import io.tessera.plan.RowFilter;
import io.tessera.plan.Scan;
import io.tessera.plan.SqlNode;
import io.tessera.plan.SqlViewAggregate;
import io.tessera.plan.TableWindow;
import io.tessera.plan.TimeBucket;
import io.tessera.sketch.ErrorBound;
import io.tessera.spi.DataStore;
import io.tessera.spi.Source;
import io.tessera.sql.SqlType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** One run of a SQL DAG against one store handle: each node evaluated once, the root's Project made a {@link SqlResult}. */
final class SqlRun {

    private final PhysicalDag dag;
    private final DataStore store;
    private final RunContext context;
    private final Map<Integer, RowTable> memo = new HashMap<>();
    private final List<SqlView> views;
    private ErrorBound loosest = ErrorBound.EXACT;

    private final PaneMemo paneMemo;

    SqlRun(PhysicalDag dag, DataStore store, RunContext context, List<SqlView> views) {
        this(dag, store, context, views, new PaneMemo());
    }

    SqlRun(PhysicalDag dag, DataStore store, RunContext context, List<SqlView> views, PaneMemo memo) {
        this.paneMemo = memo;
        this.dag = dag;
        this.store = store;
        this.context = context;
        this.views = List.copyOf(views);
    }

    SqlResult result(int root) {
        if (!(dag.node(root) instanceof Project p)) {
            throw new IllegalStateException("a SQL root is a Project, not " + dag.node(root));
        }
        RowTable in = table(p.input());
        int[] cols = new int[p.columns().size()];
        for (int i = 0; i < cols.length; i++) {
            cols[i] = in.index(p.columns().get(i));
        }
        List<Object[]> rows = new ArrayList<>(in.rows);
        for (int r = 0; r < in.rows; r++) {
            Object[] row = new Object[cols.length];
            for (int i = 0; i < cols.length; i++) {
                row[i] = in.value(cols[i], r);
            }
            rows.add(row);
        }
        List<SqlType> types = p.types();
        return new SqlResult(p.names(), types, rows, !loosest.isExact(), loosest, context.infos());
    }

    private RowTable table(int id) {
        RowTable cached = memo.get(id);
        if (cached != null) {
            return cached;
        }
        context.checkAlive();
        PlanNode node = dag.node(id);
        if (!(node instanceof SqlNode sql)) {
            throw new IllegalStateException("node " + id + " is no SQL node: " + node);
        }
        RowTable t = switch (sql) {
            case TableWindow w -> TableReader.read((Scan) dag.node(w.input()), w, store, context);
            case RowFilter f -> RowFilters.filter(filterInput(f), f.predicate());
            case TimeBucket b -> bucket(table(b.input()), b);
            case GroupedAggregate a -> aggregate(a);
            case SqlViewAggregate v -> table(v.input());
            case OrderLimit o -> Ordering.apply(table(o.input()), o);
            case Project p -> throw new IllegalStateException("a Project is the root only");
        };
        memo.put(id, t);
        return t;
    }

    /**
     * The rows a WHERE condition filters: a table's window read with the condition as a hint to
     * its store (which may leave out rows it excludes), unless another node reads the same window.
     */
    private RowTable filterInput(RowFilter f) {
        if (dag.node(f.input()) instanceof TableWindow w
                && dag.node(w.input()) instanceof Scan scan
                && scan.source() instanceof Source.Table
                && !memo.containsKey(f.input())
                && readers(f.input()) == 1) {
            return TableReader.read(scan, w, store, context, f.predicate());
        }
        return table(f.input());
    }

    /** How many nodes of the DAG read node {@code id}. */
    private int readers(int id) {
        int n = 0;
        for (int i = 0; i < dag.size(); i++) {
            for (int input : dag.node(i).inputs()) {
                n += input == id ? 1 : 0;
            }
        }
        return n;
    }

    /**
     * From a view when one serves the aggregate over a bounded window of the bare table (or of a
     * metric's every series), grouped by columns and at most one time bucket, with at most a
     * condition on columns the view keeps a state per value of; else exactly.
     */
    private RowTable aggregate(GroupedAggregate a) {
        int below = a.input();
        TimeBucket b = dag.node(below) instanceof TimeBucket t ? t : null;
        if (b != null) {
            below = b.input();
        }
        RowFilter f = dag.node(below) instanceof RowFilter r ? r : null;
        if (f != null) {
            below = f.input();
        }
        if (!(dag.node(below) instanceof TableWindow w)
                || !(dag.node(w.input()) instanceof Scan scan)
                || scannedName(scan) == null
                || w.startExclusive() == Long.MIN_VALUE
                || w.endInclusive() <= w.startExclusive()) {
            return Aggregation.aggregate(table(a.input()), a, context, this::approximate);
        }
        Set<String> filtered = f == null ? Set.of() : f.predicate().comparedColumns();
        if (filtered == null) {
            return Aggregation.aggregate(table(a.input()), a, context, this::approximate);
        }
        if (b == null) {
            SqlView view = viewFor(scan, a, filtered, f, w);
            if (view != null) {
                List<ErrorBound> bounds = new ArrayList<>();
                try {
                    RowTable answer = ViewAggregation.answer(
                            a, new EdgeSource(view, w, scan, store, context), bounds::add, paneMemo);
                    bounds.forEach(this::approximate);
                    context.info("SQL info: answered from view " + view.definitionId() + where(f));
                    return answer;
                } catch (MissingStateException e) {
                    context.info("SQL info: answered exactly from raw data, not from a view: " + e.getMessage());
                }
            }
        } else if (b.timeColumn().equals(w.timeColumn())
                && a.keys().indexOf(b.output()) >= 0
                && a.keys().indexOf(b.output()) == a.keys().lastIndexOf(b.output())) {
            List<String> keys = new ArrayList<>(a.keys());
            keys.remove(b.output());
            SqlView view = viewFor(scan, new GroupedAggregate(a.input(), keys, a.aggregates()), filtered, f, w);
            if (view != null && BucketedViewAggregation.aligned(view, b)) {
                List<ErrorBound> bounds = new ArrayList<>();
                try {
                    RowTable answer = BucketedViewAggregation.answer(
                            a, b, new EdgeSource(view, w, scan, store, context), bounds::add, paneMemo.buckets);
                    // one bound per (bucket, group) would be many infos: the loosest stands for them
                    bounds.stream()
                            .max(java.util.Comparator.comparingDouble(ErrorBound::error))
                            .ifPresent(this::approximate);
                    context.info("SQL info: answered from view " + view.definitionId() + " in " + b.widthMs()
                            + " ms buckets" + where(f));
                    return answer;
                } catch (MissingStateException e) {
                    context.info("SQL info: answered exactly from raw data, not from a view: " + e.getMessage());
                }
            }
        }
        return Aggregation.aggregate(table(a.input()), a, context, this::approximate);
    }

    private static String where(RowFilter f) {
        return f == null ? "" : ", its groups where " + f.predicate().toSql();
    }

    /**
     * The view that serves {@code a} where a condition {@code f} (or null) compares {@code filtered}
     * columns of {@code w}, read for {@code a}'s keys: of those that serve it and whose keys {@code w}
     * reads, the one keeping the fewest keys, or of the fewest series (the least to merge away).
     */
    private SqlView viewFor(Scan scan, GroupedAggregate a, Set<String> filtered, RowFilter f, TableWindow w) {
        String table = scannedName(scan);
        boolean metric = scan.source() instanceof Source.TimeSeries;
        Set<String> readable = new java.util.HashSet<>();
        w.columns().forEach(c -> readable.add(c.name()));
        SqlView best = null;
        for (SqlView v : views) {
            boolean all = !a.aggregates().isEmpty();
            for (GroupedAggregate.Spec s : a.aggregates()) {
                // count(*): a table's rows hold every column and a metric's every value, so a view
                // counting any column counts the rows
                all &= s.column() != null
                        ? v.serves(table, metric, scan.matchers(), a.keys(), filtered, s.function(), s.column())
                        : s.function() == io.tessera.sql.AggregateFunction.COUNT
                                && v.serves(
                                        table,
                                        metric,
                                        scan.matchers(),
                                        a.keys(),
                                        filtered,
                                        io.tessera.sql.AggregateFunction.COUNT,
                                        v.column());
                // a view's topK tracks the heaviest values up to its heap's capacity
                all &= s.function() != io.tessera.sql.AggregateFunction.TOP_K
                        || s.fraction() <= io.tessera.sketch.FrequentState.DEFAULT_CAPACITY;
            }
            // a table view's edges are grouped by its keys from the rows the query reads
            all &= v.perSeries() || readable.containsAll(v.storedKeys());
            if (all
                    && (best == null
                            || v.storedKeys().size() < best.storedKeys().size()
                            || v.seriesMatchers().size() > best.seriesMatchers().size())) {
                best = v;
            }
        }
        if (best == null) {
            return null;
        }
        List<Column> compared = new ArrayList<>();
        for (Column c : w.columns()) {
            if (filtered.contains(c.name())) {
                compared.add(c);
            }
        }
        return best.reading(a.keys(), f == null ? null : paneMemo.filter(best, a.keys(), f.predicate(), compared));
    }

    /** The table a Scan reads, or the metric whose series it reads (its name, and label values it equals); else null. */
    private static String scannedName(Scan scan) {
        return switch (scan.source()) {
            case Source.Table t -> t.name();
            case Source.TimeSeries s -> SqlViews.metricName(scan);
        };
    }

    private void approximate(ErrorBound bound) {
        if (bound.isExact()) {
            return;
        }
        if (loosest.isExact() || bound.error() > loosest.error()) {
            loosest = bound;
        }
        context.info("SQL info: approximate answer, " + bound.describe());
    }

    private static RowTable bucket(RowTable in, TimeBucket b) {
        long[] ts = (long[]) in.columns[in.index(b.timeColumn())];
        long[] out = new long[in.rows];
        long width = b.widthMs();
        long origin = b.originMs();
        for (int r = 0; r < in.rows; r++) {
            out[r] = Math.floorDiv(ts[r] - origin, width) * width + origin;
        }
        return in.with(b.output(), SqlType.TIMESTAMP, out);
    }
}
