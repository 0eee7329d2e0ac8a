package io.tessera.exec.sql;

import io.tessera.core.TableCatalog;
import io.tessera.exec.DataStore;
import io.tessera.exec.RunContext;

/**
 * Answers SQL text against a {@link DataStore}: parse, lower to the physical DAG, run exactly
 * from raw data. {@code now()} is the run's {@link RunContext#queryEnd()}.
 */
public final class SqlEngine {

    public SqlEngine() {
    }

    /**
     * @throws io.tessera.core.InvalidInputException for a syntax error, an unknown table or column, or an
     *     unsupported construct (the message names it)
     */
    public SqlResult execute(String sql, DataStore store, TableCatalog catalog, RunContext ctx) {
        throw new UnsupportedOperationException("SQL execution is not built yet");
    }
}
