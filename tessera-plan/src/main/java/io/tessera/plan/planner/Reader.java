package io.tessera.plan.planner;

import io.tessera.plan.lowering.ViewMatcher;
import java.util.List;

/**
 * A RangeFunction a view could answer, with every way the workload's roots reach it (its own
 * offset or {@code @} applied).
 */
record Reader(int node, ViewMatcher.Match match, List<Reach> reaches) {

    Reader {
        reaches = List.copyOf(reaches);
    }

    long windowMs() {
        return match.windowMs();
    }

    /** Whether a view can serve any of its evaluations: not all of them are pinned by {@code @}. */
    boolean servable() {
        for (Reach r : reaches) {
            if (!r.pinned()) {
                return true;
            }
        }
        return false;
    }

    /** The widest pane on which every unpinned evaluation's windows tile. */
    long idealPaneMs() {
        long pane = windowMs();
        for (Reach r : reaches) {
            if (!r.pinned() && r.cadenceMs() > 0) {
                pane = gcd(pane, r.cadenceMs());
            }
        }
        return pane;
    }

    /**
     * How far back a view must keep panes for this reader, before adding a pane: its windows, and
     * {@link #BEHIND_NOW_MS} more for evaluations asked a little before the newest sample.
     */
    long retentionNeedMs() {
        long need = 0;
        for (Reach r : reaches) {
            if (!r.pinned()) {
                need = Math.max(need, r.extentMs() + windowMs() + Math.max(0, r.offsetMs()) + BEHIND_NOW_MS);
            }
        }
        return need;
    }

    /**
     * How far behind the newest sample a query "at now" may be asked and still find every pane of
     * its window kept: views are trimmed behind the ingestion watermark, while a dashboard's "now"
     * lags it by its time picker's rounding, a panel's relative shift or a user looking a few
     * minutes back.
     */
    static final long BEHIND_NOW_MS = 300_000;

    List<Integer> queries() {
        return reaches.stream().map(Reach::root).distinct().sorted().toList();
    }

    static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }
}
