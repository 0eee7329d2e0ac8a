package io.tessera.exec.sql;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.MatchType;
import io.tessera.exec.context.RunContext;
import io.tessera.plan.Grouping;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.Scan;
import io.tessera.plan.TableViews;
import io.tessera.plan.TableWindow;
import io.tessera.plan.TimeRange;
import io.tessera.sketch.State;
import io.tessera.spi.DataStore;
import io.tessera.spi.Source;
import io.tessera.sql.AggregateFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The views of an installed plan that SQL queries can read: every table view (a state per group
 * of key columns and pane), and every per-series view of the series of one metric (all of them, or
 * those with given label values) in a family SQL finalizes (quantiles, distinct counts, sums,
 * counts) — the views PromQL's range functions read, merged across the series of each group.
 */
public final class SqlViews {

    private SqlViews() {}

    public static List<SqlView> of(PhysicalDag dag, List<MaterializedView> views) {
        List<SqlView> out = new ArrayList<>();
        for (MaterializedView v : views) {
            SqlView s = of(dag, v);
            if (s != null) {
                out.add(s);
            }
        }
        return List.copyOf(out);
    }

    /** The SQL view of {@code view}, or null when no SQL query reads it. */
    public static SqlView of(PhysicalDag dag, MaterializedView view) {
        if (view.materialization() == null || view.phaseMs() != 0) {
            return null;
        }
        AggregateFunction function = switch (view.state().state().family()) {
            case KLL -> AggregateFunction.QUANTILE;
            case DISTINCT -> AggregateFunction.APPROX_COUNT_DISTINCT;
            case SUM -> AggregateFunction.SUM;
            case COUNT -> AggregateFunction.COUNT;
            default -> null;
        };
        if (function == null) {
            return null;
        }
        PlanNode input = dag.node(view.state().input());
        long retention = view.materialization().retentionMs();
        if (input instanceof TableWindow w
                && dag.node(w.input()) instanceof Scan scan
                && scan.source() instanceof Source.Table t) {
            String measure = TableViews.measure(w, view.state().grouping());
            return measure == null
                    ? null
                    : SqlView.ofTablePlan(t.name(), view.state().grouping().labels(), function, measure, view);
        }
        if (input instanceof TimeRange r
                && r.windowKind() == TimeRange.Kind.RANGE
                && dag.node(r.input()) instanceof Scan scan
                && view.state().grouping().kind() == Grouping.Kind.PER_SERIES
                && metricName(scan) != null) {
            return SqlView.perSeries(
                    metricName(scan),
                    function,
                    view.paneMs(),
                    retention,
                    view,
                    scan.matchers().subList(1, scan.matchers().size()));
        }
        return null;
    }

    /**
     * The metric a Scan reads the series of, when its matchers are that name's equality first and
     * further equalities on labels (as a SQL query's conditions and PromQL's {@code x{job="a"}}
     * make them); else null.
     */
    static String metricName(Scan scan) {
        if (!(scan.source() instanceof Source.TimeSeries)
                || scan.matchers().isEmpty()
                || !scan.matchers().getFirst().name().equals(Labels.METRIC_NAME)) {
            return null;
        }
        for (io.tessera.core.LabelMatcher m : scan.matchers()) {
            if (m.type() != MatchType.EQUAL) {
                return null;
            }
        }
        return scan.matchers().getFirst().value();
    }

    /** Whether {@code view} is a table view, built by {@link #tablePane}. */
    public static boolean isTableView(PhysicalDag dag, MaterializedView view) {
        return dag.node(view.state().input()) instanceof TableWindow;
    }

    /** The ingestion run of a table view for one pane: its rows folded into one state per group. */
    public static Map<Labels, State> tablePane(
            PhysicalDag dag, MaterializedView view, Interval pane, DataStore store, RunContext context) {
        TableWindow w = (TableWindow) dag.node(view.state().input());
        SqlView sql = of(dag, view);
        if (sql == null) {
            throw new IllegalArgumentException("view " + view.definitionId() + " is no table view SQL can build");
        }
        TableWindow window = new TableWindow(w.input(), w.timeColumn(), w.columns(), pane.start(), pane.end());
        return SqlViewBuilder.states(sql, (Scan) dag.node(w.input()), window, store, context)
                .getFirst();
    }
}
