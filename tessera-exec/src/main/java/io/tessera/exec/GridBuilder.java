package io.tessera.exec;

import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.Value;
import io.tessera.exec.view.PaneSink;
import io.tessera.exec.view.StateFactory;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.MaterializedViews;
import io.tessera.plan.PhysicalDag;
import io.tessera.sketch.State;
import io.tessera.spi.DataStore;
import java.util.List;

/**
 * The ingestion run of evaluation-grid views of one plan and pane grid for the panes ending at
 * {@code firstEnd}, {@code firstEnd + pane}, … {@code lastEnd}: their nodes compiled together and
 * run once over that step grid, so the nodes and raw reads their DAGs share are computed once;
 * one last-value state per output series and pane.
 */
public final class GridBuilder {

    private GridBuilder() {}

    /**
     * Hands each state to {@code sink} as it is made: view after view (numbered as in {@code
     * views}), pane after pane, a pane's groups in the order of the run's output series.
     */
    public static void build(
            PhysicalDag dag,
            List<MaterializedView> views,
            StepGrid grid,
            DataStore store,
            RunContext context,
            PaneSink sink) {
        int[] roots = new int[views.size()];
        for (int i = 0; i < roots.length; i++) {
            MaterializedView view = views.get(i);
            if (view.paneMs() != grid.step()) {
                throw new IllegalArgumentException("view " + view.definitionId() + " is on another pane grid");
            }
            roots[i] = view.state().input();
        }
        CompiledDag compiled = CompiledDag.compile(dag, MaterializedViews.of(dag), roots);
        Value[] values = compiled.instantiate(store).runAll(grid, context);
        for (int v = 0; v < views.size(); v++) {
            InstantVector vector = (InstantVector) values[v];
            int states = 0;
            for (int s = 0; s < vector.size(); s++) {
                for (int i = 0; i < grid.size(); i++) {
                    states += vector.has(s, i) ? 1 : 0;
                }
            }
            sink.expect(v, states);
            for (int i = 0; i < grid.size(); i++) {
                long t = grid.time(i);
                boolean empty = true;
                for (int s = 0; s < vector.size(); s++) {
                    if (vector.has(s, i)) {
                        State state = StateFactory.create(views.get(v).state().state());
                        state.update(t, vector.value(s, i));
                        sink.state(v, i, vector.labels(s), state);
                        empty = false;
                    }
                }
                if (empty) {
                    sink.emptyPane(v, i);
                }
            }
        }
    }
}
