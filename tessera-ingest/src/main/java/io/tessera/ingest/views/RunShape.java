package io.tessera.ingest.views;

import io.tessera.exec.IngestionRun;
import io.tessera.plan.LookBack;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.plan.TableWindow;
import io.tessera.plan.ViewKind;
import io.tessera.spi.Source;

/**
 * How the ingestion runs of one view are scheduled, as its {@link ViewKind} decides.
 *
 * @param atPaneEnds whether the view keeps its node's values at pane ends (built before the views
 *     of each pane's samples, run after run until caught up)
 * @param lookBackMs how far before a pane's end the view's input reads: 0 for panes of samples
 * @param panesPerRun the most panes one run builds
 * @param panesPerRepair the most adjacent stale panes one run rebuilds
 * @param sharing which views a run may build along with this one
 * @param table the SQL table whose rows the view folds, which has its own watermark; null for a
 *     view of time series
 */
record RunShape(
        boolean atPaneEnds, long lookBackMs, int panesPerRun, int panesPerRepair, Sharing sharing, String table) {

    /** The most panes of an evaluation-grid view one ingestion run evaluates (the steps of its run). */
    private static final int VALUE_PANES_PER_RUN = 240;
    /** The most panes of a curve view one ingestion run builds: its pieces are held until the run ends. */
    private static final int CURVE_PANES_PER_RUN = 10;
    /**
     * How much raw data one read brings for every pane view of the same Scan and panes: ten panes,
     * or ten minutes of narrower panes (each read pays per series, so 15 s panes should not pay it
     * for every 150 s of samples).
     */
    private static final int PANES_PER_READ = 10;

    private static final long SPAN_PER_READ_MS = 600_000;

    static RunShape of(PhysicalDag dag, MaterializedView view) {
        int input = view.state().input();
        int perRead = (int) Math.max(PANES_PER_READ, SPAN_PER_READ_MS / view.paneMs());
        return switch (ViewKind.of(dag, view)) {
            case ViewKind.Panes panes -> ofSamples(dag, view, perRead);
            case ViewKind.Samples samples -> ofSamples(dag, view, perRead);
            case ViewKind.Curves curves ->
                new RunShape(
                        true,
                        LookBack.of(dag, input),
                        CURVE_PANES_PER_RUN,
                        CURVE_PANES_PER_RUN,
                        new Sharing.Alone(),
                        null);
            case ViewKind.EvaluationGrid grid ->
                new RunShape(
                        true,
                        LookBack.of(dag, input),
                        VALUE_PANES_PER_RUN,
                        VALUE_PANES_PER_RUN,
                        new Sharing.SameDag(dag),
                        null);
            case ViewKind.TableBuckets table ->
                new RunShape(false, 0, 1, perRead, new Sharing.Alone(), tableOf(dag, view));
        };
    }

    /** A view folding the samples of each pane of a Scan's range: a span of panes per read, shared with the Scan's other views. */
    private static RunShape ofSamples(PhysicalDag dag, MaterializedView view, int perRead) {
        Scan scan = IngestionRun.scanOf(dag, view);
        Sharing sharing = scan == null ? new Sharing.Alone() : new Sharing.SameScan(scan);
        return new RunShape(false, 0, perRead, perRead, sharing, null);
    }

    private static String tableOf(PhysicalDag dag, MaterializedView view) {
        return dag.node(view.state().input()) instanceof TableWindow window
                        && dag.node(window.input()) instanceof Scan scan
                        && scan.source() instanceof Source.Table table
                ? table.name()
                : null;
    }
}
