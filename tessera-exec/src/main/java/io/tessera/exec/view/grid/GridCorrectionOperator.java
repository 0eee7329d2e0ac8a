package io.tessera.exec.view.grid;

import io.tessera.core.Durations;
import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.core.PaneGrid;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.value.StepGrid;
import io.tessera.exec.value.Value;
import io.tessera.exec.view.SpanRows;
import io.tessera.plan.GridCorrection;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.Scan;
import io.tessera.spi.DataStore;
import java.util.List;
import java.util.function.BiFunction;

/**
 * A range function at times off an evaluation-grid view's grid: for each step T, the values the
 * view kept at the grid point g ≤ T (of the function and of {@code count_over_time} over the same
 * window), moved to T by the raw samples that entered the window, {@code (g, T]}, and left it,
 * {@code (g - w, T - w]}. Sums and counts move exactly (compensated sums); an average is moved
 * as its sum and count; a quantile keeps its value when the rank bound computed from the samples
 * that moved is within the target (a series whose whole window lies in {@code (g, T]} is answered
 * exactly from those samples). Anything the correction cannot answer exactly or within the bound
 * (a non-finite sample, a bound over the target, a grid point not kept) is missing state: the
 * run answers another way and says so.
 */
public final class GridCorrectionOperator {

    /** Grid points tried before T's own, for an instant query whose newest grid point is not built yet. */
    private static final int EARLIER_GRID_POINTS = 2;

    private GridCorrectionOperator() {}

    /** What a correction returns: the vector, and the info line that says how it was made. */
    public record Corrected(InstantVector vector, String info) {}

    /**
     * One correction's inputs.
     *
     * @param node the correction planned
     * @param valueView the evaluation-grid view of the function; {@code countView} of {@code count_over_time}
     * @param rawRows reads the range's Scan over ascending disjoint spans, in one store call (see {@link SpanRows}),
     *     given the raw series an earlier read of the Scan accepted
     * @param seriesRows reads one output series' raw samples over an interval
     * @param rankTarget the largest normalized rank error a corrected quantile may have
     * @param keptCorrections what instant corrections share between two grid points; null to share nothing
     */
    public record Request(
            GridCorrection node,
            MaterializedView valueView,
            MaterializedView countView,
            long windowMs,
            StepGrid grid,
            Value[] params,
            DataStore store,
            RunContext context,
            Scan scan,
            BiFunction<List<Interval>, Labels[], SeriesRows> rawRows,
            BiFunction<Labels, Interval, SeriesRows> seriesRows,
            double rankTarget,
            KeptCorrections keptCorrections) {}

    public static Corrected evaluate(Request request) {
        MaterializedView valueView = request.valueView();
        StepGrid grid = request.grid();
        long windowMs = request.windowMs();
        PaneGrid panes = new PaneGrid(valueView.paneMs(), valueView.phaseMs());
        int steps = grid.size();
        MissingStateException last = null;
        for (int back = 0; back <= (steps == 1 ? EARLIER_GRID_POINTS : 0); back++) {
            long[] g = new long[steps];
            for (int i = 0; i < steps; i++) {
                g[i] = panes.floor(grid.time(i)) - back * valueView.paneMs();
                if (grid.time(i) - g[i] >= windowMs) {
                    throw new MissingStateException(
                            valueView.definitionId(),
                            new Interval(g[i] - valueView.paneMs(), g[i]),
                            "the grid point before " + grid.time(i) + " is a whole window ("
                                    + Durations.format(windowMs)
                                    + ") back, so a correction would read more than the window");
                }
            }
            GridValues.States states;
            try {
                states = GridValues.states(valueView, request.countView(), g, request.store(), request.context());
            } catch (MissingStateException e) {
                last = e;
                continue;
            }
            return new GridCorrectionRun(request, g, states).run();
        }
        throw last;
    }
}
