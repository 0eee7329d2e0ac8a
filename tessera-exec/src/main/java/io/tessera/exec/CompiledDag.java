package io.tessera.exec;

import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.Value;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.Scan;
import io.tessera.plan.TimeRange;
import io.tessera.plan.ValueKind;
import java.util.List;

/**
 * A DAG checked and prepared for runs. Compiling opens no readers and is never persisted;
 * {@link #instantiate} binds one store handle for one run.
 */
public final class CompiledDag {

    private final PhysicalDag dag;
    private final int[] roots;

    private CompiledDag(PhysicalDag dag, int[] roots) {
        this.dag = dag;
        this.roots = roots;
    }

    /**
     * Checks that {@code roots} are nodes of {@code dag} and that every Scan is read only by
     * TimeRanges. Materialized views are not used yet, so {@code views} must be empty.
     */
    public static CompiledDag compile(PhysicalDag dag, List<?> views, int[] roots) {
        if (!views.isEmpty()) {
            throw new IllegalArgumentException("materialized views are not supported by this executor yet");
        }
        for (int root : roots) {
            if (root < 0 || root >= dag.size()) {
                throw new IllegalArgumentException("root " + root + " is not a node of the DAG");
            }
        }
        for (int id = 0; id < dag.size(); id++) {
            PlanNode node = dag.node(id);
            for (int input : node.inputs()) {
                if (dag.node(input) instanceof Scan && !(node instanceof TimeRange)) {
                    throw new IllegalArgumentException("node " + id + " reads Scan " + input + " directly; only a TimeRange may");
                }
            }
            if (node instanceof TimeRange t && dag.node(t.input()).kind() != ValueKind.ROWS) {
                throw new IllegalArgumentException("TimeRange " + id + " must read a Scan");
            }
        }
        return new CompiledDag(dag, roots.clone());
    }

    public PhysicalDag dag() {
        return dag;
    }

    public int rootCount() {
        return roots.length;
    }

    public ValueKind rootKind(int root) {
        return dag.node(roots[root]).kind();
    }

    /** Binds {@code store} for one run; nothing is read until {@link Instance#run}. */
    public Instance instantiate(DataStore store) {
        return new Instance(store);
    }

    /** The DAG bound to one store handle. */
    public final class Instance {
        private final DataStore store;

        private Instance(DataStore store) {
            this.store = store;
        }

        /** Evaluates root {@code root} at every time of {@code grid}. */
        public Value run(int root, StepGrid grid, RunContext context) {
            return new QueryRun(dag, roots[root], grid, store, context).evaluate(roots[root], grid);
        }
    }
}
