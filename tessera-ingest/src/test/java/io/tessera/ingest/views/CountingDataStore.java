package io.tessera.ingest.views;

import io.tessera.core.Batch;
import io.tessera.spi.DataStore;
import io.tessera.spi.MaterializedViewRequest;
import io.tessera.spi.RawDataRequest;
import io.tessera.spi.ReadContext;
import io.tessera.spi.Source;
import io.tessera.spi.ViewId;
import io.tessera.spi.ViewStates;
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
    public Iterator<Batch> readRawData(Source source, RawDataRequest request, ReadContext context) {
        rawReads.incrementAndGet();
        return store.readRawData(source, request, context);
    }

    @Override
    public ViewStates readMaterializedView(ViewId view, MaterializedViewRequest request, ReadContext context) {
        viewReads.incrementAndGet();
        return store.readMaterializedView(view, request, context);
    }
}
