package io.tessera.exec;

import io.tessera.core.Batch;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.Source;
import java.util.Iterator;

/**
 * The only data interface between the executor and a deployment. One handle serves one run
 * and presents one consistent snapshot to every read of that run. Stores only read: operators
 * own every semantic (windows, staleness, merging, rates).
 */
public interface DataStore {

    /**
     * The raw rows of {@code source} in {@code request.timeRange()} (or all, when null) with
     * exactly the requested columns. Predicates are a hint; the executor re-applies them and
     * the time range to what comes back.
     */
    Iterator<Batch> readRawData(Source source, RawDataRequest request, RunContext context);

    /**
     * The states of {@code view} for exactly the requested panes: never an observation twice,
     * never another definition's state, and never a missing pane read as empty.
     *
     * @throws io.tessera.core.MissingStateException naming the first pane the store cannot give;
     *     a store that keeps no views answers every view read so
     */
    default ViewStates readMaterializedView(
            MaterializedView view, MaterializedViewRequest request, RunContext context) {
        throw new io.tessera.core.MissingStateException(
                view.definitionId(), request.timeRange(), "this store keeps no views");
    }
}
