package io.tessera.plan.workload;

import io.tessera.core.InvalidInputException;
import io.tessera.core.TableCatalog;
import io.tessera.plan.lowering.PromqlLowering;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The queries a team runs, with workload-level estimates for the cost model: series per selector
 * and the scrape interval, the lookback of instant selectors, and whether the deployment can run
 * ingestion runs (it cannot over data at rest). SQL queries resolve their tables in {@code catalog}
 * (a name that is no table is a metric); the cost model prices a SQL table view with
 * {@code sqlRowsPerSecond} rows arriving per table and {@code sqlGroups} groups per query.
 */
public record Workload(
        List<WorkloadQuery> queries,
        long seriesPerSelector,
        long scrapeIntervalMs,
        long lookbackMs,
        boolean ingestion,
        TableCatalog catalog,
        long sqlRowsPerSecond,
        long sqlGroups) {

    public static final long DEFAULT_SERIES = 1_000;
    public static final long DEFAULT_SCRAPE_INTERVAL_MS = 15_000;
    public static final long DEFAULT_SQL_ROWS_PER_SECOND = 1_000;
    public static final long DEFAULT_SQL_GROUPS = 100;

    public Workload {
        queries = List.copyOf(queries);
        if (queries.isEmpty()) {
            throw new IllegalArgumentException("a workload needs at least one query");
        }
        if (seriesPerSelector <= 0 || scrapeIntervalMs <= 0 || lookbackMs <= 0) {
            throw new IllegalArgumentException("series, scrape interval and lookback must be positive");
        }
        if (sqlRowsPerSecond <= 0 || sqlGroups <= 0) {
            throw new IllegalArgumentException("SQL rows per second and groups must be positive");
        }
        if (catalog == null) {
            catalog = TableCatalog.EMPTY;
        }
    }

    public Workload(
            List<WorkloadQuery> queries,
            long seriesPerSelector,
            long scrapeIntervalMs,
            long lookbackMs,
            boolean ingestion) {
        this(
                queries,
                seriesPerSelector,
                scrapeIntervalMs,
                lookbackMs,
                ingestion,
                TableCatalog.EMPTY,
                DEFAULT_SQL_ROWS_PER_SECOND,
                DEFAULT_SQL_GROUPS);
    }

    public static Workload of(List<WorkloadQuery> queries) {
        return new Workload(
                queries, DEFAULT_SERIES, DEFAULT_SCRAPE_INTERVAL_MS, PromqlLowering.DEFAULT_LOOKBACK_MS, true);
    }

    public Workload withEstimates(long series, long scrapeIntervalMs) {
        return new Workload(
                queries, series, scrapeIntervalMs, lookbackMs, ingestion, catalog, sqlRowsPerSecond, sqlGroups);
    }

    public Workload withIngestion(boolean canIngest) {
        return new Workload(
                queries,
                seriesPerSelector,
                scrapeIntervalMs,
                lookbackMs,
                canIngest,
                catalog,
                sqlRowsPerSecond,
                sqlGroups);
    }

    /**
     * A workload file:
     * <pre>
     * series: 10000            # optional estimates for the cost model
     * scrape_interval: 10s
     * queries:
     *   - query: sum_over_time(x[1h])
     *     type: instant        # or range, with range: 24h and step: 15s
     *     every: 30s           # dashboard refresh or rule interval; absent for a one-off
     *     accuracy: {quantile: 0.01, distinct: 0.02}
     *   - sql: "SELECT host, quantile(0.99)(latency) FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY host"
     *     every: 1m            # a SQL entry takes every and accuracy only
     * sql_rows_per_second: 5000   # optional estimates for SQL table views
     * sql_groups: 200
     * </pre>
     * Unknown keys are rejected; SQL texts are checked by the SQL frontend against no tables (every
     * name is a metric) — use {@link #parse(String, TableCatalog)} to resolve them.
     *
     * @throws InvalidInputException naming the offending key
     */
    public static Workload parse(String yaml) {
        return WorkloadYaml.parse(yaml, TableCatalog.EMPTY);
    }

    /** As {@link #parse(String)}, SQL queries resolved against {@code tables}. */
    public static Workload parse(String yaml, TableCatalog tables) {
        return WorkloadYaml.parse(yaml, tables);
    }

    public static Workload load(Path file) {
        return load(file, TableCatalog.EMPTY);
    }

    public static Workload load(Path file, TableCatalog tables) {
        try {
            return parse(Files.readString(file), tables);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read workload file " + file, e);
        }
    }
}
