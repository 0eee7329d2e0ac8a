package io.tessera.ingest.views;

import io.tessera.core.Interval;
import io.tessera.spi.DataStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Rebuilds stale panes — built panes that late data reached ({@link LateWrites}) — from raw data,
 * oldest first, each run of adjacent ones by one ingestion run, and replaces their states in one
 * commit per run. Their stale marks are read before the raw data, so data that arrives during a
 * rebuild marks its pane again and it is rebuilt once more. Panes past the view's retention are
 * left to it.
 */
final class PaneRepair {

    private final DataStore data;
    private final RunAccounting accounting;

    PaneRepair(DataStore data, RunAccounting accounting) {
        this.data = data;
        this.accounting = accounting;
    }

    /**
     * Rebuilds at most {@code budget} stale panes of {@code m}, whose watermark is {@code
     * watermark}; returns the number rebuilt.
     */
    int rebuildStale(Maintained m, long watermark, int budget) {
        Map<Interval, Long> marks = m.store.snapshot().staleMarks();
        if (marks.isEmpty() || !m.active || watermark == Long.MIN_VALUE) {
            return 0;
        }
        long cutoff = watermark - m.view.materialization().retentionMs();
        List<Interval> due = new ArrayList<>();
        for (Interval pane : marks.keySet()) {
            if (pane.end() <= m.builtUntil && pane.end() >= cutoff) {
                due.add(pane);
            }
        }
        due.sort(null);
        int most = m.shape.panesPerRepair();
        int done = 0;
        int i = 0;
        while (i < due.size() && done < budget) {
            int j = i + 1;
            while (j < due.size()
                    && j - i < most
                    && done + (j - i) < budget
                    && due.get(j).start() == due.get(j - 1).end()) {
                j++;
            }
            List<Interval> run = due.subList(i, j);
            Map<Interval, Long> expected = new HashMap<>();
            for (Interval pane : run) {
                expected.put(pane, marks.get(pane));
            }
            // named rebuilt before the marks go, so a capture that no longer sees a mark sees the name
            m.rebuilt.addAll(run);
            Interval span = new Interval(run.getFirst().start(), run.getLast().end());
            m.store.replacePanes(PaneBatches.build(List.of(m), span, data)[0], expected);
            m.panesRebuilt.add(run.size());
            done += run.size();
            i = j;
        }
        accounting.count();
        return done;
    }
}
