package io.tessera.plan;

import io.tessera.core.InvalidInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The queries a team runs, with workload-level estimates for the cost model: series per selector
 * and the scrape interval, the lookback of instant selectors, and whether the deployment can run
 * ingestion runs (it cannot over data at rest).
 */
public record Workload(List<WorkloadQuery> queries, long seriesPerSelector, long scrapeIntervalMs, long lookbackMs,
        boolean ingestion) {

    public static final long DEFAULT_SERIES = 1_000;
    public static final long DEFAULT_SCRAPE_INTERVAL_MS = 15_000;

    public Workload {
        queries = List.copyOf(queries);
        if (queries.isEmpty()) {
            throw new IllegalArgumentException("a workload needs at least one query");
        }
        if (seriesPerSelector <= 0 || scrapeIntervalMs <= 0 || lookbackMs <= 0) {
            throw new IllegalArgumentException("series, scrape interval and lookback must be positive");
        }
    }

    public static Workload of(List<WorkloadQuery> queries) {
        return new Workload(queries, DEFAULT_SERIES, DEFAULT_SCRAPE_INTERVAL_MS, PromqlLowering.DEFAULT_LOOKBACK_MS, true);
    }

    public Workload withEstimates(long series, long scrapeIntervalMs) {
        return new Workload(queries, series, scrapeIntervalMs, lookbackMs, ingestion);
    }

    public Workload withIngestion(boolean canIngest) {
        return new Workload(queries, seriesPerSelector, scrapeIntervalMs, lookbackMs, canIngest);
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
     * </pre>
     * Unknown keys are rejected.
     *
     * @throws InvalidInputException naming the offending key
     */
    public static Workload parse(String yaml) {
        return WorkloadYaml.parse(yaml);
    }

    public static Workload load(Path file) {
        try {
            return parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read workload file " + file, e);
        }
    }
}
