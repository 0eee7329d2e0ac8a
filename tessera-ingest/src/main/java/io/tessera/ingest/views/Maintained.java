package io.tessera.ingest.views;

import io.tessera.core.Interval;
import io.tessera.core.PaneGrid;
import io.tessera.exec.PlannedView;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PhysicalDag;
import io.tessera.store.summary.ViewStore;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** One maintained view and its progress. */
final class Maintained {
    final PhysicalDag dag;
    final MaterializedView view;
    final PaneGrid grid;
    final RunShape shape;
    final ViewStore store;
    final LongAdder panesBuilt = new LongAdder();
    final LongAdder panesRebuilt = new LongAdder();
    /** Which built panes a write's late samples reach. */
    final LatePanes late;
    /**
     * Panes rebuilt since this view was installed: a copy saved before the rebuild holds
     * their old states, so a capture names them for rebuilding again after a restart.
     */
    final Set<Interval> rebuilt = ConcurrentHashMap.newKeySet();

    volatile long builtUntil = Long.MIN_VALUE;
    /** False for an AT_QUERY_KEPT view until a query first asks for it. */
    volatile boolean active;
    /** The end of the pane being built, set before its raw data is read. */
    volatile long buildingUntil = Long.MIN_VALUE;

    Maintained(PhysicalDag dag, MaterializedView view, ViewStore store) {
        this.dag = dag;
        this.view = view;
        this.grid = new PaneGrid(view.paneMs(), view.phaseMs());
        this.shape = RunShape.of(dag, view);
        this.active = view.materialization().mode() == Materialization.Mode.AT_INGESTION;
        this.store = store;
        this.late = new LatePanes(dag, view.state().input(), grid, view.paneMs(), shape.lookBackMs());
    }

    PlannedView planned() {
        return new PlannedView(dag, view);
    }

    long paneMs() {
        return view.paneMs();
    }

    /** The newest pane end built or being built: a sample at or before it is late. */
    long built() {
        return Math.max(builtUntil, buildingUntil);
    }
}
