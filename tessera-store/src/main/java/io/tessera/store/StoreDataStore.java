package io.tessera.store;

import io.tessera.core.Batch;
import io.tessera.core.Interval;
import io.tessera.core.InvalidInputException;
import io.tessera.exec.DataStore;
import io.tessera.exec.RawDataRequest;
import io.tessera.exec.RunContext;
import io.tessera.plan.Source;
import io.tessera.store.raw.RawStore;
import java.util.Iterator;

/**
 * The production {@link DataStore}: raw reads from the raw store. Each read sees every series
 * as a consistent prefix of its samples; a run's reads are not one global snapshot while ingest
 * continues, so two Scans of one run may see a series up to different samples.
 */
public final class StoreDataStore implements DataStore {

    private final RawStore raw;

    public StoreDataStore(RawStore raw) {
        this.raw = raw;
    }

    @Override
    public Iterator<Batch> readRawData(Source source, RawDataRequest request, RunContext context) {
        if (!(source instanceof Source.TimeSeries)) {
            throw new InvalidInputException("no such source: " + source);
        }
        Interval range = request.timeRange() == null ? RawStore.ALL_TIME : request.timeRange();
        return raw.read(request.predicates(), range, request.schema()).iterator();
    }
}
