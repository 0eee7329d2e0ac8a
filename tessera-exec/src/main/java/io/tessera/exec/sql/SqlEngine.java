package io.tessera.exec.sql;

import io.tessera.core.TableCatalog;
import io.tessera.exec.DataStore;
import io.tessera.exec.RunContext;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.SqlLowering;
import io.tessera.sql.SqlFrontend;
import io.tessera.sql.SqlQuery;

/**
 * Answers SQL text against a {@link DataStore}: parse ({@link SqlFrontend}), lower to the physical
 * DAG ({@link SqlLowering}), run exactly from raw data. {@code now()} is the run's
 * {@link RunContext#queryEnd()}.
 */
public final class SqlEngine {

    public SqlEngine() {
    }

    /**
     * @throws io.tessera.core.InvalidInputException for a syntax error, an unknown table or column, or an
     *     unsupported construct (the message names it)
     */
    public SqlResult execute(String sql, DataStore store, TableCatalog catalog, RunContext ctx) {
        SqlQuery query = SqlFrontend.parse(sql, catalog, ctx.queryEnd());
        PhysicalDag dag = SqlLowering.lowerQuery(query);
        return new SqlRun(dag, store, ctx).result(dag.roots().getFirst());
    }
}
