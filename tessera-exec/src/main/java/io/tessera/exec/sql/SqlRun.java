package io.tessera.exec.sql;

import io.tessera.exec.DataStore;
import io.tessera.exec.RunContext;
import io.tessera.plan.GroupedAggregate;
import io.tessera.plan.OrderLimit;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.Project;
import io.tessera.plan.RowFilter;
import io.tessera.plan.Scan;
import io.tessera.plan.SqlNode;
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
    private ErrorBound loosest = ErrorBound.EXACT;

    SqlRun(PhysicalDag dag, DataStore store, RunContext context) {
        this.dag = dag;
        this.store = store;
        this.context = context;
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
            case GroupedAggregate a -> Aggregation.aggregate(table(a.input()), a, context, this::approximate);
            case OrderLimit o -> Ordering.apply(table(o.input()), o);
            case Project p -> throw new IllegalStateException("a Project is the root only");
        };
        memo.put(id, t);
        return t;
    }

    private void approximate(ErrorBound bound) {
        if (bound.isExact()) {
            return;
        }
        if (loosest.isExact() || bound.error() > loosest.error()) {
            loosest = bound;
        }
        context.info("SQL info: approx_count_distinct is a CPC estimate, " + bound.describe());
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
