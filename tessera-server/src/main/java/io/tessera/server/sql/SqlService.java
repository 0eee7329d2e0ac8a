package io.tessera.server.sql;

import io.tessera.core.TableCatalog;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.sql.SqlEngine;
import io.tessera.exec.sql.SqlResult;
import io.tessera.exec.sql.SqlView;
import io.tessera.spi.DataStore;
import io.tessera.sql.SqlFrontend;
import io.tessera.sql.SqlQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Runs SQL for the HTTP surfaces: one run per query, {@code now()} the time it arrived, the
 * server's query limits; a grouped aggregate an installed view covers is answered from it
 * (unless the caller asks for the exact answer).
 */
public final class SqlService {

    private final SqlEngine engine = new SqlEngine();
    private final DataStore store;
    private final TableCatalog catalog;
    private final PromqlEngine.Options options;
    private final Supplier<List<SqlView>> views;
    private final Predicate<String> metricWritten;

    public SqlService(DataStore store, TableCatalog catalog, PromqlEngine.Options options) {
        this(store, catalog, options, List::of, metric -> true);
    }

    /**
     * @param views         the SQL views of the installed plan, read at each query
     * @param metricWritten whether any series of the metric of that name has been written (an answer
     *                      with no rows from a name that is neither says so)
     */
    public SqlService(
            DataStore store,
            TableCatalog catalog,
            PromqlEngine.Options options,
            Supplier<List<SqlView>> views,
            Predicate<String> metricWritten) {
        this.store = store;
        this.catalog = catalog;
        this.options = options;
        this.views = views;
        this.metricWritten = metricWritten;
    }

    /**
     * @throws io.tessera.core.InvalidInputException for SQL that cannot be answered as written (the message names the construct)
     * @throws io.tessera.core.TesseraException for a run that fails or exceeds a limit
     */
    public SqlResult execute(String sql) {
        return run(sql).result();
    }

    /** As {@link #execute(String)}; {@code accelerate} false answers exactly from raw data even where a view covers the query. */
    public SqlResult execute(String sql, boolean accelerate) {
        return run(sql, accelerate).result();
    }

    TableCatalog catalog() {
        return catalog;
    }

    /** An answer and how many raw rows its run read. */
    record Answer(SqlResult result, long rowsRead) {}

    Answer run(String sql) {
        return run(sql, true);
    }

    Answer run(String sql, boolean accelerate) {
        long now = System.currentTimeMillis();
        RunContext context = new RunContext(now, now, options.defaultSubqueryStepMs(), options.limits());
        SqlResult result = engine.execute(sql, store, catalog, context, accelerate ? views.get() : List.of());
        if (result.rows().isEmpty()) {
            SqlQuery query = SqlFrontend.parse(sql, catalog, now);
            if (query.metric() && !metricWritten.test(query.table().name())) {
                // every name that is not a declared table reads as a metric: a misspelt table is one nobody wrote
                List<String> infos = new ArrayList<>(result.infos());
                infos.add("SQL warning: \"" + query.table().name()
                        + "\" is not a declared table, and no metric of that name has"
                        + " been written; it was read as a metric with no series");
                result = new SqlResult(
                        result.columnNames(),
                        result.columnTypes(),
                        result.rows(),
                        result.approximate(),
                        result.errorBound(),
                        infos);
            }
        }
        return new Answer(result, context.samplesLoaded());
    }
}
