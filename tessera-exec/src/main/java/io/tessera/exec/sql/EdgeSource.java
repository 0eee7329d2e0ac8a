package io.tessera.exec.sql;

import io.tessera.exec.context.RunContext;
import io.tessera.plan.Scan;
import io.tessera.plan.TableWindow;
import io.tessera.spi.DataStore;

/**
 * Where a SQL view's answer reads its raw rows from: the rows of {@code scan} in {@code window},
 * filtered as {@code view} is, read from {@code store} within {@code context}.
 */
record EdgeSource(SqlView view, TableWindow window, Scan scan, DataStore store, RunContext context) {

    /** The start of the first pane the window holds whole. */
    long firstWholePane() {
        long p = view.paneMs();
        return Math.ceilDiv(window.startExclusive(), p) * p;
    }

    /**
     * The end of the last pane the window holds whole; with no upper bound the panes cover up to
     * now, and rows after now are read raw.
     */
    long lastWholePaneEnd() {
        long start = window.startExclusive();
        long end = window.endInclusive();
        long p = view.paneMs();
        return Math.floorDiv(end == Long.MAX_VALUE ? Math.max(start, context.queryEnd()) : end, p) * p;
    }

    /** Tells the run that {@code exact} of the panes {@code [first, last)} were answered from raw rows. */
    void reportExactPanes(int exact, long first, long last) {
        if (exact > 0) {
            context.info("SQL info: " + exact + " of " + (last - first) / view.paneMs() + " panes of view "
                    + view.definitionId()
                    + " answered exactly from raw rows (late rows arrived for them, or they are not built yet)");
        }
    }
}
