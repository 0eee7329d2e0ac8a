package io.tessera.server.sql;

import io.tessera.core.TableCatalog;
import io.tessera.exec.DataStore;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.RunContext;
import io.tessera.exec.sql.SqlEngine;
import io.tessera.exec.sql.SqlResult;

/** Runs SQL for the HTTP surfaces: one run per query, {@code now()} the time it arrived, the server's query limits. */
public final class SqlService {

    private final SqlEngine engine = new SqlEngine();
    private final DataStore store;
    private final TableCatalog catalog;
    private final PromqlEngine.Options options;

    public SqlService(DataStore store, TableCatalog catalog, PromqlEngine.Options options) {
        this.store = store;
        this.catalog = catalog;
        this.options = options;
    }

    /**
     * @throws io.tessera.core.InvalidInputException for SQL that cannot be answered as written (the message names the construct)
     * @throws io.tessera.core.TesseraException for a run that fails or exceeds a limit
     */
    public SqlResult execute(String sql) {
        return run(sql).result();
    }

    TableCatalog catalog() {
        return catalog;
    }

    /** An answer and how many raw rows its run read. */
    record Answer(SqlResult result, long rowsRead) {
    }

    Answer run(String sql) {
        long now = System.currentTimeMillis();
        RunContext context = new RunContext(now, now, options.defaultSubqueryStepMs(), options.limits());
        SqlResult result = engine.execute(sql, store, catalog, context);
        return new Answer(result, context.samplesLoaded());
    }
}
