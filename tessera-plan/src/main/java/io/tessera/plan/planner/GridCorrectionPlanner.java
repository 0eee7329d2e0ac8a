package io.tessera.plan.planner;

import io.tessera.plan.DefinitionIds;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.RangeFunction;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.plan.TimeRange;
import io.tessera.plan.lowering.ViewMatcher;
import io.tessera.sketch.StateFamily;
import java.util.List;

/**
 * What it costs to answer a range function off an evaluation-grid view's grid by a
 * {@link GridCorrection}, and the companion view it needs: the values of
 * {@code count_over_time} over the same window on the same grid.
 *
 * <p>An evaluation at "now" lands, on average, half a grid step plus the ingestion lag after the
 * newest grid point kept; the correction reads two kept values per series and the raw samples of
 * two spans of that length, instead of the whole window.
 */
final class GridCorrectionPlanner {

    /** How far behind the newest sample ingestion runs build (the server's default allowed lateness). */
    static final long ASSUMED_LAG_MS = 30_000;
    /** Grid points a grid for "now" keeps: the newest, the ones a correction falls back to, and one being built. */
    static final int KEPT_STEPS = 4;
    /**
     * Samples the raw store decodes before a span of one series: half the stride of its chunks'
     * seek index (16); measured 13.3 decoded per series and span at a 10 s scrape, span included.
     */
    static final double SPAN_SEEK_SAMPLES = 8;

    private final PhysicalDag dag;
    private final CostModel model;

    GridCorrectionPlanner(PhysicalDag dag, CostModel model) {
        this.dag = dag;
        this.model = model;
    }

    /** The range function at {@code root} when a grid correction can move it, else null. */
    RangeFunction correctable(int root) {
        if (dag.node(root) instanceof RangeFunction f
                && f.functionKind()
                        .map(kind -> kind.gridCorrection().supported())
                        .orElse(false)
                && dag.node(f.input()) instanceof TimeRange t
                && t.windowKind() == TimeRange.Kind.RANGE
                && dag.node(t.input()) instanceof Scan) {
            return f;
        }
        return null;
    }

    /** The count view a correction of {@code f} from a grid kept with {@code m} reads, or null for a count itself. */
    MaterializedView countCompanion(RangeFunction f, Materialization m) {
        if (!f.functionKind().orElseThrow().gridCorrection().readsCountCompanion()) {
            return null;
        }
        TimeRange t = (TimeRange) dag.node(f.input());
        PhysicalDag count = ViewMatcher.countDag((Scan) dag.node(t.input()), t.rangeMs());
        PaneState state = new PaneState(2, StateSpec.of(StateFamily.LAST), Grouping.PER_SERIES, m);
        return new MaterializedView(DefinitionIds.ofPaneStateOver(count, 2, state), 2, state, List.of());
    }

    /** Core-seconds of one corrected evaluation at "now" from a grid kept every {@code cadenceMs}. */
    double perEvaluation(long cadenceMs) {
        double span = cadenceMs / 2.0 + ASSUMED_LAG_MS;
        double raw = 2
                        * model.samples(span)
                        * (model.constants().rawReadNs() + model.constants().exactSampleNs())
                + 2 * SPAN_SEEK_SAMPLES * model.constants().rawReadNs();
        return model.series() * (2 * GridViewPlanner.READ_NS + raw) * 1e-9;
    }
}
