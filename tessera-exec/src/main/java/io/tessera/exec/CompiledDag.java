package io.tessera.exec;

import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.Value;
import io.tessera.exec.view.grid.KeptCorrections;
import io.tessera.exec.view.panes.PaneBlocks;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.Scan;
import io.tessera.plan.TimeRange;
import io.tessera.plan.ValueKind;
import io.tessera.plan.ViewRangeFunction;
import io.tessera.plan.ViewValue;
import io.tessera.spi.DataStore;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A DAG checked and prepared for runs. Compiling opens no readers and is never persisted;
 * {@link #instantiate} binds one store handle for one run.
 */
public final class CompiledDag {

    private final PhysicalDag dag;
    private final int[] roots;
    private final Map<Integer, MaterializedView> views;

    private CompiledDag(PhysicalDag dag, int[] roots, Map<Integer, MaterializedView> views) {
        this.dag = dag;
        this.roots = roots;
        this.views = views;
    }

    /**
     * Checks that {@code roots} are nodes of {@code dag}, that every Scan is read only by
     * TimeRanges, and that every view a ViewRangeFunction reads is among {@code views}.
     */
    public static CompiledDag compile(PhysicalDag dag, List<MaterializedView> views, int[] roots) {
        Map<Integer, MaterializedView> byNode = new HashMap<>();
        for (MaterializedView view : views) {
            if (!(dag.node(view.node()) instanceof PaneState)) {
                throw new IllegalArgumentException(
                        "view " + view.definitionId() + " names node " + view.node() + ", which is not a PaneState");
            }
            byNode.put(view.node(), view);
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
                    throw new IllegalArgumentException(
                            "node " + id + " reads Scan " + input + " directly; only a TimeRange may");
                }
            }
            if (node instanceof TimeRange t && dag.node(t.input()).kind() != ValueKind.ROWS) {
                throw new IllegalArgumentException("TimeRange " + id + " must read a Scan");
            }
            if (node instanceof ViewRangeFunction v && !byNode.containsKey(v.view())) {
                throw new IllegalArgumentException(
                        "node " + id + " reads node " + v.view() + ", which is not one of the views");
            }
            if (node instanceof io.tessera.plan.GridCorrection c
                    && (!byNode.containsKey(c.value()) || !byNode.containsKey(c.count()))) {
                throw new IllegalArgumentException("node " + id + " reads node " + c.value() + " or " + c.count()
                        + ", which is not one of the views");
            }
            if (node instanceof ViewValue v && !byNode.containsKey(v.view())) {
                throw new IllegalArgumentException(
                        "node " + id + " reads node " + v.view() + ", which is not one of the views");
            }
            if (node instanceof PaneState p
                    && !(dag.node(p.input()) instanceof TimeRange)
                    && dag.node(p.input()).kind() != ValueKind.INSTANT_VECTOR) {
                throw new IllegalArgumentException(
                        "PaneState " + id + " must read a TimeRange over a Scan or an instant vector");
            }
        }
        return new CompiledDag(dag, roots.clone(), Map.copyOf(byNode));
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
        return new Instance(store, null, null);
    }

    /**
     * As {@link #instantiate(DataStore)}, the run sharing what corrections keep and merged blocks of
     * panes with the runs before and after it (either null to share nothing).
     */
    public Instance instantiate(DataStore store, KeptCorrections keptCorrections, PaneBlocks paneBlocks) {
        return new Instance(store, keptCorrections, paneBlocks);
    }

    /** The DAG bound to one store handle. */
    public final class Instance {
        private final DataStore store;
        private final KeptCorrections keptCorrections;
        private final PaneBlocks paneBlocks;

        private Instance(DataStore store, KeptCorrections keptCorrections, PaneBlocks paneBlocks) {
            this.store = store;
            this.keptCorrections = keptCorrections;
            this.paneBlocks = paneBlocks;
        }

        /** Evaluates root {@code root} at every time of {@code grid}. */
        public Value run(int root, StepGrid grid, RunContext context) {
            return new QueryRun(dag, views, new int[] {roots[root]}, grid, store, context, keptCorrections, paneBlocks)
                    .evaluate(roots[root], grid);
        }

        /** Evaluates every root at every time of {@code grid} in one run: what they share is read and computed once. */
        public Value[] runAll(StepGrid grid, RunContext context) {
            QueryRun run = new QueryRun(dag, views, roots, grid, store, context, keptCorrections, paneBlocks);
            Value[] out = new Value[roots.length];
            for (int i = 0; i < roots.length; i++) {
                out[i] = run.evaluate(roots[i], grid);
            }
            return out;
        }
    }
}
