package io.tessera.exec.sql;

import io.tessera.core.TableCatalog;
import io.tessera.exec.context.RunContext;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.lowering.SqlLowering;
import io.tessera.spi.DataStore;
import io.tessera.sql.SqlFrontend;
import io.tessera.sql.SqlQuery;
import java.util.List;

/**
 * Answers SQL text against a {@link DataStore}: parse ({@link SqlFrontend}), lower to the physical
 * DAG ({@link SqlLowering}), run exactly from raw data. {@code now()} is the run's
 * {@link RunContext#queryEnd()}.
 */
public final class SqlEngine {

    /** Pane merges kept between this engine's runs (see {@link PaneMemo}). */
    private final PaneMemo memo = new PaneMemo();

    public SqlEngine() {}

    /**
     * @throws io.tessera.core.InvalidInputException for a syntax error, an unknown table or column, or an
     *     unsupported construct (the message names it)
     */
    public SqlResult execute(String sql, DataStore store, TableCatalog catalog, RunContext ctx) {
        return execute(sql, store, catalog, ctx, List.of());
    }

    /**
     * As {@link #execute(String, DataStore, TableCatalog, RunContext)}, answering a grouped
     * aggregate from one of {@code views} where one serves it; a view whose panes the store does
     * not have is skipped for an exact answer from raw data (and an info says so).
     */
    public SqlResult execute(String sql, DataStore store, TableCatalog catalog, RunContext ctx, List<SqlView> views) {
        SqlQuery query = SqlFrontend.parse(sql, catalog, ctx.queryEnd());
        PhysicalDag dag = SqlLowering.lowerQuery(query);
        return new SqlRun(dag, store, ctx, views, memo).result(dag.roots().getFirst());
    }
}
