package io.tessera.exec.view.grid;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.exec.value.SeriesRows;
import io.tessera.plan.MaterializedView;
import io.tessera.promql.GridCorrectionKind;
import java.util.function.BiFunction;

/**
 * What every part of one correction run shares, fixed once the run has read its spans.
 *
 * @param view the view whose kept values are moved
 * @param kind how the function's values move
 * @param rows every series' samples of every span, read once; null when no step is off the grid
 * @param left the samples that left the window, shared with the runs before this one (then
 *     {@code rows} holds only the samples that entered); null when not shared
 * @param staysFrom where the samples that stay in every window until the next grid point begin
 * @param seriesRows reads one output series' raw samples over an interval
 */
record CorrectionScope(
        MaterializedView view,
        GridCorrectionKind kind,
        long windowMs,
        SeriesRows rows,
        KeptCorrections.Kept left,
        long staysFrom,
        BiFunction<Labels, Interval, SeriesRows> seriesRows) {}
