package io.tessera.exec.view.curves;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.core.PaneGrid;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.view.PanePrefixRead;
import io.tessera.exec.view.StepPrefix;
import io.tessera.plan.MaterializedView;
import io.tessera.sketch.CurveState;
import io.tessera.spi.DataStore;
import io.tessera.spi.ViewStates;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a curve view: each step's value is its group's curve at the step's time, from the pane
 * holding that time, whatever the steps' phase; all panes in one view read. The newest panes may
 * not be built yet (a run ending at "now"): the steps before them are answered and the caller
 * computes the rest another way. Any other pane missing (or made unusable by late data) is
 * missing state for the whole run.
 */
public final class CurveOperator {

    private CurveOperator() {}

    /** Every step from the view; any pane missing is missing state. */
    public static InstantVector evaluate(MaterializedView view, StepGrid grid, DataStore store, RunContext context) {
        return evaluate(view, grid, store, context, 0).vector();
    }

    /**
     * The steps up to the first of the {@code newestMissing} newest panes the view has not built
     * (all steps when it has built them all); throws when an older pane is missing.
     */
    public static StepPrefix evaluate(
            MaterializedView view, StepGrid grid, DataStore store, RunContext context, int newestMissing) {
        PaneGrid panes = new PaneGrid(view.paneMs(), view.phaseMs());
        int steps = grid.size();
        List<Interval> wanted = new ArrayList<>();
        int[] paneOfStep = new int[steps];
        for (int i = 0; i < steps; i++) {
            Interval p = panes.paneFor(grid.time(i));
            if (wanted.isEmpty() || !wanted.getLast().equals(p)) {
                wanted.add(p);
            }
            paneOfStep[i] = wanted.size() - 1;
        }
        PanePrefixRead read = PanePrefixRead.read(store, view.viewId(), wanted, newestMissing, context);
        ViewStates states = read.states();
        int usable = read.usable();
        InstantVector out = new InstantVector(grid, Math.max(16, states.stateCount(0)));
        out.markLabelsDistinct();
        Map<Labels, Integer> rows = new HashMap<>();
        int step = 0;
        for (int p = 0; p < usable; p++) {
            int from = step;
            while (step < steps && paneOfStep[step] == p) {
                step++;
            }
            int to = step;
            Interval pane = wanted.get(p);
            states.forEach(p, (group, state) -> {
                CurveState curve = (CurveState) state;
                if (curve.unusableReason() != null) {
                    throw new MissingStateException(view.definitionId(), pane, curve.unusableReason());
                }
                Integer row = rows.get(group);
                for (int i = from; i < to; i++) {
                    long t = grid.time(i);
                    int piece = curve.pieceAt(t);
                    if (piece >= 0 && curve.presentAt(piece) > 0) {
                        if (row == null) {
                            row = out.addSeries(group);
                            rows.put(group, row);
                        }
                        out.set(row, i, curve.valueAt(piece, t));
                    }
                }
            });
            context.checkAlive();
        }
        return new StepPrefix(out, step, read.cut());
    }
}
