package io.tessera.exec.view;

import io.tessera.core.Interval;
import io.tessera.core.MissingStateException;
import io.tessera.exec.context.RunContext;
import io.tessera.spi.DataStore;
import io.tessera.spi.MaterializedViewRequest;
import io.tessera.spi.ViewId;
import io.tessera.spi.ViewStates;
import java.util.List;

/**
 * A view read of consecutive panes that leaves off the newest ones the store has not built yet
 * (being filled, or in the allowed lateness), for the caller to compute another way. Any older
 * pane missing fails the read as the store failed it.
 *
 * @param states the states of the first {@code usable} panes; null when no pane is read
 * @param usable how many of the panes, from the oldest, were read
 * @param cut why the read stopped before the newest pane; null when it read them all
 */
public record PanePrefixRead(ViewStates states, int usable, MissingStateException cut) {

    /** Reads {@code panes}, leaving off at most {@code newestMissing} of the newest. */
    public static PanePrefixRead read(
            DataStore store, ViewId view, List<Interval> panes, int newestMissing, RunContext context) {
        int usable = panes.size();
        MissingStateException cut = null;
        while (usable > 0) {
            List<Interval> read = panes.subList(0, usable);
            try {
                return new PanePrefixRead(
                        store.readMaterializedView(view, MaterializedViewRequest.of(read), context), usable, cut);
            } catch (MissingStateException e) {
                int at = read.indexOf(e.missing());
                if (at <= 0 || panes.size() - at > newestMissing) {
                    throw e;
                }
                usable = at;
                cut = e;
            }
        }
        return new PanePrefixRead(null, 0, cut);
    }
}
