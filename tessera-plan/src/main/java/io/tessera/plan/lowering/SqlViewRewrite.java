package io.tessera.plan.lowering;

import io.tessera.plan.DagBuilder;
import io.tessera.plan.GroupedAggregate;
import io.tessera.plan.Grouping;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.PlanNodes;
import io.tessera.plan.RowFilter;
import io.tessera.plan.SqlNode;
import io.tessera.plan.SqlViewAggregate;
import io.tessera.plan.TableWindow;
import io.tessera.plan.TimeBucket;
import io.tessera.plan.TimeRange;
import java.util.HashMap;
import java.util.Map;

/**
 * Puts the views the planner chose for SQL queries into the plan: the grouped aggregate of each
 * served query becomes {@code SqlViewAggregate(aggregate, view)}, the view's pane state built over
 * the query's own Scan — a {@code TableWindow} for a table view, a {@code TimeRange(RANGE, pane)}
 * for a metric's per-series view (the same node a PromQL query's view read has, so both are one).
 */
public final class SqlViewRewrite {

    private SqlViewRewrite() {}

    /**
     * {@code dag} with query {@code q}'s aggregate read from {@code views.get(q)}, a pane state
     * template; a table view's window holds the columns of {@code windows.get(q)} (the query's own
     * may lack the column a {@code count(*)} view counts).
     */
    public static PhysicalDag apply(PhysicalDag dag, Map<Integer, PaneState> views, Map<Integer, TableWindow> windows) {
        Map<Integer, PaneState> byAggregate = new HashMap<>();
        Map<Integer, TableWindow> viewWindows = new HashMap<>();
        for (Map.Entry<Integer, PaneState> e : views.entrySet()) {
            int id = dag.roots().get(e.getKey());
            while (dag.node(id) instanceof SqlNode n
                    && !(n instanceof GroupedAggregate)
                    && !(n instanceof TableWindow)) {
                id = n.input();
            }
            if (!(dag.node(id) instanceof GroupedAggregate)) {
                throw new IllegalStateException("query " + e.getKey() + " has no grouped aggregate to read a view");
            }
            byAggregate.put(id, e.getValue());
            if (windows.containsKey(e.getKey())) {
                viewWindows.put(id, windows.get(e.getKey()));
            }
        }
        DagBuilder out = new DagBuilder();
        int[] moved = new int[dag.size()];
        for (int id = 0; id < dag.size(); id++) {
            PlanNode node = dag.node(id);
            int[] in = node.inputs();
            for (int i = 0; i < in.length; i++) {
                in[i] = moved[in[i]];
            }
            int copy = out.add(PlanNodes.withInputs(node, in));
            PaneState view = byAggregate.get(id);
            if (view != null) {
                PlanNode below = out.node(((GroupedAggregate) out.node(copy)).input());
                // a bucketed query's window is under its time bucket, a filtered one's under its row filter
                while (below instanceof TimeBucket || below instanceof RowFilter) {
                    below = out.node(((SqlNode) below).input());
                }
                TableWindow window = (TableWindow) below;
                int paneInput = view.grouping().kind() == Grouping.Kind.PER_SERIES
                        ? out.add(new TimeRange(
                                window.input(),
                                TimeRange.Kind.RANGE,
                                view.materialization().paneMs()))
                        : out.add(new TableWindow(
                                window.input(),
                                window.timeColumn(),
                                viewWindows.getOrDefault(id, window).columns(),
                                Long.MIN_VALUE,
                                Long.MAX_VALUE));
                int state = out.add(new PaneState(paneInput, view.state(), view.grouping(), view.materialization()));
                copy = out.add(new SqlViewAggregate(copy, state));
            }
            moved[id] = copy;
        }
        for (int root : dag.roots()) {
            out.root(moved[root]);
        }
        return out.build();
    }
}
