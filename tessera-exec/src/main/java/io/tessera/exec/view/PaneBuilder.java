package io.tessera.exec.view;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import io.tessera.exec.DataStore;
import io.tessera.exec.RunContext;
import io.tessera.exec.op.ScanOperator;
import io.tessera.exec.value.SeriesRows;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.plan.TimeRange;
import io.tessera.sketch.State;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The ingestion run of a view for one pane {@code (end - pane, end]}: its refresh sub-DAG (the
 * Scan and TimeRange under the view node) over the raw data of that pane, folded into one state
 * per group.
 */
public final class PaneBuilder {

    private PaneBuilder() {
    }

    public static Map<Labels, State> build(PhysicalDag dag, MaterializedView view, Interval pane, DataStore store,
            RunContext context) {
        if (pane.length() != view.paneMs()) {
            throw new IllegalArgumentException("pane " + pane + " is not " + view.paneMs() + " ms wide");
        }
        TimeRange range = (TimeRange) dag.node(view.state().input());
        Scan scan = (Scan) dag.node(range.input());
        SeriesRows rows = ScanOperator.read(store, scan, pane, context);
        Map<Labels, State> states = new LinkedHashMap<>();
        for (int s = 0; s < rows.size(); s++) {
            long[] ts = rows.ts(s);
            double[] vs = rows.values(s);
            State state = null;
            for (int i = 0; i < rows.count(s); i++) {
                if (StaleMarker.isStale(vs[i])) {
                    continue;
                }
                if (state == null) {
                    state = states.computeIfAbsent(view.state().grouping().groupOf(rows.labels(s)),
                            g -> StateFactory.create(view.state().state()));
                }
                state.update(ts[i], vs[i]);
            }
        }
        return states;
    }
}
