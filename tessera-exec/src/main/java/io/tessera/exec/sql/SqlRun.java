package io.tessera.exec.sql;

import io.tessera.core.MissingStateException;
import io.tessera.exec.DataStore;
import io.tessera.exec.RunContext;
import io.tessera.plan.GroupedAggregate;
import io.tessera.plan.OrderLimit;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.Project;
import io.tessera.plan.RowFilter;
import io.tessera.plan.Scan;
import io.tessera.plan.Source;
import io.tessera.plan.SqlNode;
import io.tessera.plan.SqlViewAggregate;
import io.tessera.plan.TableWindow;
import io.tessera.plan.TimeBucket;
import io.tessera.sketch.ErrorBound;
import io.tessera.sql.SqlType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
            case RowFilter f -> RowFilters.filter(table(f.input()), f.predicate());
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
     * From a view when one serves the aggregate over a bounded window of the bare table (or of a
     * metric's every series), else exactly.
     */
    private RowTable aggregate(GroupedAggregate a) {
        if (dag.node(a.input()) instanceof TableWindow w && dag.node(w.input()) instanceof Scan scan
                && scannedName(scan) != null && w.startExclusive() != Long.MIN_VALUE
                && w.endInclusive() > w.startExclusive()) {
            SqlView view = viewFor(scannedName(scan), scan.source() instanceof Source.TimeSeries, a);
            if (view != null) {
                List<ErrorBound> bounds = new ArrayList<>();
                try {
                    RowTable answer = ViewAggregation.answer(a, w, scan, view, store, context, bounds::add, paneMemo);
                    bounds.forEach(this::approximate);
                    context.info("SQL info: answered from view " + view.definitionId());
                    return answer;
                } catch (MissingStateException e) {
                    context.info("SQL info: answered exactly from raw data, not from a view: " + e.getMessage());
                }
            }
        }
        if (dag.node(a.input()) instanceof TimeBucket b && dag.node(b.input()) instanceof TableWindow w
                && b.timeColumn().equals(w.timeColumn()) && dag.node(w.input()) instanceof Scan scan && scannedName(scan) != null
                && w.startExclusive() != Long.MIN_VALUE && w.endInclusive() > w.startExclusive()
                && a.keys().indexOf(b.output()) >= 0 && a.keys().indexOf(b.output()) == a.keys().lastIndexOf(b.output())) {
            List<String> keys = new ArrayList<>(a.keys());
            keys.remove(b.output());
            SqlView view = viewFor(scannedName(scan), scan.source() instanceof Source.TimeSeries,
                    new GroupedAggregate(a.input(), keys, a.aggregates()));
            if (view != null && BucketedViewAggregation.aligned(view, b)) {
                List<ErrorBound> bounds = new ArrayList<>();
                try {
                    RowTable answer = BucketedViewAggregation.answer(a, b, w, scan, view, store, context, bounds::add,
                            paneMemo.buckets);
                    // one bound per (bucket, group) would be many infos: the loosest stands for them
                    bounds.stream().max(java.util.Comparator.comparingDouble(ErrorBound::error)).ifPresent(this::approximate);
                    context.info("SQL info: answered from view " + view.definitionId() + " in " + b.widthMs() + " ms buckets");
                    return answer;
                } catch (MissingStateException e) {
                    context.info("SQL info: answered exactly from raw data, not from a view: " + e.getMessage());
                }
            }
        }
        return Aggregation.aggregate(table(a.input()), a, context, this::approximate);
    }

    private SqlView viewFor(String table, boolean metric, GroupedAggregate a) {
        for (SqlView v : views) {
            boolean all = !a.aggregates().isEmpty();
            for (GroupedAggregate.Spec s : a.aggregates()) {
                // count(*): a table's rows hold every column and a metric's every value, so a view
                // counting any column counts the rows
                all &= s.column() != null ? v.serves(table, metric, a.keys(), s.function(), s.column())
                        : s.function() == io.tessera.sql.AggregateFunction.COUNT
                        && v.serves(table, metric, a.keys(), io.tessera.sql.AggregateFunction.COUNT, v.column());
                // a view's topK tracks the heaviest values up to its heap's capacity
                all &= s.function() != io.tessera.sql.AggregateFunction.TOP_K
                        || s.fraction() <= io.tessera.sketch.FrequentState.DEFAULT_CAPACITY;
            }
            if (all) {
                return v.perSeries() ? v.withKeys(a.keys()) : v;
            }
        }
        return null;
    }

    /** The table a Scan reads, or the metric whose every series it reads (its only matcher the name); else null. */
    private static String scannedName(Scan scan) {
        return switch (scan.source()) {
            case Source.Table t -> t.name();
            case Source.TimeSeries s -> scan.matchers().size() == 1
                    && scan.matchers().getFirst().name().equals(io.tessera.core.Labels.METRIC_NAME)
                    && scan.matchers().getFirst().type() == io.tessera.core.MatchType.EQUAL
                    ? scan.matchers().getFirst().value() : null;
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
