package io.tessera.ingest.views;

import io.tessera.core.Batch;
import io.tessera.exec.DataStore;
import io.tessera.exec.MaterializedViewRequest;
import io.tessera.exec.RawDataRequest;
import io.tessera.exec.RunContext;
import io.tessera.exec.ViewStates;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.Source;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicInteger;

/** A store that counts the raw reads and the view reads it passes on, for tests that say how many a query makes. */
final class CountingDataStore implements DataStore {

    final AtomicInteger rawReads = new AtomicInteger();
    final AtomicInteger viewReads = new AtomicInteger();
    private final DataStore store;

    CountingDataStore(DataStore store) {
        this.store = store;
    }

    @Override
    public Iterator<Batch> readRawData(Source source, RawDataRequest request, RunContext context) {
        rawReads.incrementAndGet();
        return store.readRawData(source, request, context);
    }

    @Override
    public ViewStates readMaterializedView(MaterializedView view, MaterializedViewRequest request, RunContext context) {
        viewReads.incrementAndGet();
        return store.readMaterializedView(view, request, context);
    }
}
