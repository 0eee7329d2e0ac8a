package io.tessera.exec.sql;

import io.tessera.core.Interval;
import io.tessera.core.MissingStateException;
import io.tessera.exec.context.RunContext;
import io.tessera.spi.DataStore;
import io.tessera.spi.MaterializedViewRequest;
import io.tessera.spi.ViewStates;
import java.util.ArrayList;
import java.util.List;

/**
 * The batched view read of a SQL window's panes that leaves out the few panes the store cannot
 * give — built before late rows arrived, or not built yet — for the caller to build exactly from
 * raw rows, so the rest of the window is still answered from the view. More than
 * {@link #MAX_EXACT_PANES} such panes, or a view with no state at all, and the read fails as the
 * store failed it.
 */
final class UsablePanes {

    static final int MAX_EXACT_PANES = 16;

    /** The states of the panes read ({@code states} null when none is left) and the panes left to raw rows. */
    record Read(ViewStates states, List<Interval> exact) {}

    private UsablePanes() {}

    static Read read(SqlView view, List<Interval> panes, DataStore store, RunContext context) {
        List<Interval> wanted = new ArrayList<>(panes);
        List<Interval> exact = new ArrayList<>();
        Interval range = new Interval(panes.getFirst().start(), panes.getLast().end());
        while (true) {
            if (wanted.isEmpty()) {
                return new Read(null, exact);
            }
            try {
                return new Read(
                        store.readMaterializedView(
                                view.materializedView().viewId(), new MaterializedViewRequest(range, wanted), context),
                        exact);
            } catch (MissingStateException e) {
                int i = wanted.indexOf(e.missing());
                if (i < 0 || exact.size() >= MAX_EXACT_PANES) {
                    throw e;
                }
                exact.add(wanted.remove(i));
            }
        }
    }
}
