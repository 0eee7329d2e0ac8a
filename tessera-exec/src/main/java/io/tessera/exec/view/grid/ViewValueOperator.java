package io.tessera.exec.view.grid;

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
import io.tessera.sketch.LastState;
import io.tessera.spi.DataStore;
import io.tessera.spi.LabelsTable;
import io.tessera.spi.MaterializedViewRequest;
import io.tessera.spi.ViewStates;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads an evaluation-grid view: the vector its node had at each step's time, from the view's
 * state for the pane ending there, all steps in one view read. A step off the view's grid is
 * missing state, so the run answers that node another way.
 */
public final class ViewValueOperator {

    private ViewValueOperator() {}

    public static InstantVector evaluate(MaterializedView view, StepGrid grid, DataStore store, RunContext context) {
        List<Interval> wanted = panesOfSteps(view, grid);
        return vectorOf(read(view, wanted, store, context), grid, wanted.size(), context);
    }

    /**
     * The steps up to the first pane the view has not built (all steps when it has built them all,
     * none when the first is missing, which is missing state): a range run ending at "now" reads
     * the steps the ingestion runs have built from the view and computes the newest another way.
     */
    public static StepPrefix evaluateBuilt(MaterializedView view, StepGrid grid, DataStore store, RunContext context) {
        List<Interval> wanted = panesOfSteps(view, grid);
        PanePrefixRead read = PanePrefixRead.read(store, view.viewId(), wanted, wanted.size() - 1, context);
        return new StepPrefix(vectorOf(read.states(), grid, read.usable(), context), read.usable(), read.cut());
    }

    /** The pane ending at each step's time; a step off the view's grid is missing state. */
    private static List<Interval> panesOfSteps(MaterializedView view, StepGrid grid) {
        PaneGrid panes = new PaneGrid(view.paneMs(), view.phaseMs());
        int steps = grid.size();
        List<Interval> wanted = new ArrayList<>(steps);
        for (int i = 0; i < steps; i++) {
            long t = grid.time(i);
            if (!panes.isOnGrid(t)) {
                throw new MissingStateException(
                        view.definitionId(),
                        new Interval(t - view.paneMs(), t),
                        "the view keeps values at multiples of " + view.paneMs() + " ms only");
            }
            wanted.add(new Interval(t - view.paneMs(), t));
        }
        return wanted;
    }

    private static ViewStates read(MaterializedView view, List<Interval> panes, DataStore store, RunContext context) {
        return store.readMaterializedView(view.viewId(), MaterializedViewRequest.of(panes), context);
    }

    /** Steps {@code [0, steps)} of {@code grid} from {@code states}, one pane a step. */
    private static InstantVector vectorOf(ViewStates states, StepGrid grid, int steps, RunContext context) {
        InstantVector out = new InstantVector(grid, Math.max(16, states.stateCount(0)));
        out.markLabelsDistinct();
        LabelsTable groups = states.groups();
        if (grid.size() == 1 && groups != null) {
            // rows named by the view's group ids let a writer copy one rendering of them all
            states.forEachGroup(
                    0, (group, state) -> out.set(out.addSeries(groups, group), 0, ((LastState) state).value()));
            return out;
        }
        if (grid.size() == 1) {
            states.forEach(0, (series, state) -> out.set(out.addSeries(series), 0, ((LastState) state).value()));
            return out;
        }
        Map<Labels, Integer> rows = new HashMap<>();
        for (int p = 0; p < steps; p++) {
            int step = p;
            states.forEach(p, (series, state) -> {
                Integer row = rows.get(series);
                if (row == null) {
                    row = out.addSeries(series);
                    rows.put(series, row);
                }
                out.set(row, step, ((LastState) state).value());
            });
            context.checkAlive();
        }
        return out;
    }
}
