package io.tessera.bench.sql;

import io.tessera.core.Batch;
import io.tessera.core.InvalidInputException;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.spi.DataStore;
import io.tessera.spi.MaterializedViewRequest;
import io.tessera.spi.RawDataRequest;
import io.tessera.spi.ReadContext;
import io.tessera.spi.Source;
import io.tessera.spi.ViewId;
import io.tessera.spi.ViewStates;
import io.tessera.store.table.TableStore;
import java.util.Iterator;

/**
 * The bench's store with its table rows in the server's own {@link TableStore} (chunked,
 * dictionary-encoded strings), as {@code tessera serve} reads them, and its view states in the
 * in-memory store the bench builds them into.
 */
final class TableStoreRows implements DataStore {

    private final TableStore tables;
    private final InMemoryDataStore views;

    TableStoreRows(TableStore tables, InMemoryDataStore views) {
        this.tables = tables;
        this.views = views;
    }

    @Override
    public Iterator<Batch> readRawData(Source source, RawDataRequest request, ReadContext context) {
        if (!(source instanceof Source.Table(String name))) {
            throw new InvalidInputException("the SQL bench reads tables only, not " + source);
        }
        return tables.read(name, request.timeRange(), request.schema(), request.rows())
                .iterator();
    }

    @Override
    public ViewStates readMaterializedView(ViewId view, MaterializedViewRequest request, ReadContext context) {
        return views.readMaterializedView(view, request, context);
    }
}
