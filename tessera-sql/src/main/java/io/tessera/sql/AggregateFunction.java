package io.tessera.sql;

/** The aggregates the SQL frontend accepts, each under every spelling it accepts. */
public enum AggregateFunction {
    /** {@code COUNT(*)} and {@code COUNT(x)} (no column holds NULL, so both count rows) */
    COUNT,
    /** {@code COUNT(DISTINCT x)}, {@code uniqExact(x)} */
    COUNT_DISTINCT,
    /** {@code approx_count_distinct(x)}, {@code uniq(x)}: a CPC sketch, approximate with its bound */
    APPROX_COUNT_DISTINCT,
    SUM,
    AVG,
    MIN,
    MAX,
    /**
     * The continuous quantile with linear interpolation between the closest ranks, as DuckDB's
     * {@code quantile_cont}: {@code quantile(q)(x)}, {@code quantileExact(q)(x)}, {@code median(x)},
     * {@code percentile_cont(q) WITHIN GROUP (ORDER BY x)}, {@code quantile_cont(x, q)}
     */
    QUANTILE,
    /**
     * ClickHouse's {@code topK(k)(x)} ({@code topK(x)}: k = 10): the k most frequent values of x,
     * most frequent first, equal counts in ascending order of the value; exact. The parameter k
     * is carried where a quantile carries its fraction.
     */
    TOP_K;

    public boolean approximate() {
        return this == APPROX_COUNT_DISTINCT;
    }
}
