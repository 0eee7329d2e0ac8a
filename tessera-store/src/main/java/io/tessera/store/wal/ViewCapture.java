package io.tessera.store.wal;

import io.tessera.core.Interval;
import io.tessera.store.summary.ViewSnapshot;
import java.util.List;

/**
 * One view's state as a snapshot saves it: every pane ending at or before {@code frontier} is
 * committed in {@code snapshot} (panes are built in order), {@code invalid} are panes that late
 * samples made unusable, and files whose newest pane ends before {@code retentionCutoff} may go.
 *
 * @param frontier the end of the newest built pane, {@code Long.MIN_VALUE} when none was built
 */
public record ViewCapture(
        String definitionId, long frontier, long retentionCutoff, List<Interval> invalid, ViewSnapshot snapshot) {

    public ViewCapture {
        invalid = List.copyOf(invalid);
    }

    /**
     * Everything a snapshot saves of the views: each view, and the oldest and newest sample
     * times the view maintainer had seen ({@code Long.MAX_VALUE} / {@code Long.MIN_VALUE} for none).
     */
    public record All(long oldestSample, long newestSample, List<ViewCapture> views) {

        public All {
            views = List.copyOf(views);
        }
    }
}
