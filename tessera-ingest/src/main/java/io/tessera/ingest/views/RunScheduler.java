package io.tessera.ingest.views;

import io.tessera.core.Interval;
import io.tessera.spi.DataStore;
import io.tessera.store.summary.StateBatch;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides which ingestion runs a pass makes: stale panes first ({@link PaneRepair}), then every
 * complete pane not built yet, views that share work ({@link Sharing}) grouped into one run. Views
 * of values at pane ends are caught up view by view; views of each pane's samples span by span
 * across the views. Each view in a run is marked as building up to the run's end before its raw
 * data is read, so data arriving for the run's panes meanwhile is judged late and its panes
 * answered exactly.
 */
final class RunScheduler {

    private final DataStore data;
    private final Watermarks watermarks;
    private final RunAccounting accounting;
    private final PaneRepair repair;

    RunScheduler(DataStore data, Watermarks watermarks, RunAccounting accounting) {
        this.data = data;
        this.watermarks = watermarks;
        this.accounting = accounting;
        this.repair = new PaneRepair(data, accounting);
    }

    /**
     * Builds every pane of {@code views} that is complete and not built yet, at most {@code
     * maxPanes} in all; returns how many were built. A new view starts with the oldest pane its
     * retention and the raw data still cover.
     */
    int build(List<Maintained> views, int maxPanes) {
        int built = 0;
        for (Maintained m : views) {
            if (built < maxPanes) {
                built += repair.rebuildStale(m, watermarks.of(m), maxPanes - built);
            }
        }
        for (Maintained m : views) {
            long watermark = watermarks.of(m);
            if (m.active && watermark != Long.MIN_VALUE && m.builtUntil == Long.MIN_VALUE) {
                long first = Math.max(
                        watermarks.oldest(m),
                        watermark - m.view.materialization().retentionMs());
                m.builtUntil = m.grid.floor(first);
            }
        }
        List<Maintained> paneViews = new ArrayList<>();
        for (Maintained m : views) {
            long watermark = watermarks.of(m);
            if (!m.active || watermark == Long.MIN_VALUE) {
                continue;
            }
            if (!m.shape.atPaneEnds()) {
                paneViews.add(m);
                continue;
            }
            while (built < maxPanes && m.builtUntil + m.paneMs() <= watermark) {
                List<Maintained> sharers = new ArrayList<>();
                for (Maintained other : views) {
                    if (other == m
                            || other.active
                                    && other.shape.atPaneEnds()
                                    && sharesRun(m, other)
                                    && watermarks.of(other) == watermark) {
                        sharers.add(other);
                    }
                }
                built += run(sharers, watermark, maxPanes - built);
            }
        }
        // span by span across the views: the pane views of one selector and pane grid read each span of panes once
        boolean progress = true;
        while (progress && built < maxPanes) {
            progress = false;
            for (Maintained m : paneViews) {
                if (built < maxPanes && m.builtUntil + m.paneMs() <= watermarks.of(m)) {
                    List<Maintained> sharers = new ArrayList<>();
                    for (Maintained other : paneViews) {
                        if (other == m || sharesRun(m, other)) {
                            sharers.add(other);
                        }
                    }
                    built += run(sharers, watermarks.of(m), maxPanes - built);
                    progress = true;
                }
            }
        }
        return built;
    }

    /** Whether {@code other} can be built in one run with {@code m}: shared work, the same pane grid and progress. */
    private static boolean sharesRun(Maintained m, Maintained other) {
        return m.shape.sharing().with(other.shape.sharing())
                && other.builtUntil == m.builtUntil
                && other.grid.equals(m.grid);
    }

    /**
     * Builds the panes from the next one of {@code sharers} (the first of which chose them) on, as
     * many as are complete by {@code watermark}, no more than one run of theirs takes and no more
     * than {@code budget} lets every sharer build; returns the number of panes built.
     */
    private int run(List<Maintained> sharers, long watermark, int budget) {
        Maintained first = sharers.getFirst();
        long complete = (first.grid.floor(watermark) - first.builtUntil) / first.paneMs();
        int panes = (int) Math.max(1, Math.min(Math.min(first.shape.panesPerRun(), complete), budget / sharers.size()));
        Interval span = new Interval(first.builtUntil, first.builtUntil + panes * first.paneMs());
        for (Maintained sharer : sharers) {
            sharer.buildingUntil = Math.max(sharer.buildingUntil, span.end());
        }
        StateBatch[] batches = PaneBatches.build(sharers, span, data);
        for (int v = 0; v < sharers.size(); v++) {
            Maintained sharer = sharers.get(v);
            sharer.store.insertBatch(batches[v]);
            sharer.builtUntil = span.end();
            sharer.panesBuilt.add(panes);
        }
        accounting.count();
        return panes * sharers.size();
    }
}
