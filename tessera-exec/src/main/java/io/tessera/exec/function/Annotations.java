package io.tessera.exec.function;

import io.tessera.exec.context.RunContext;

/**
 * The warnings and infos functions add to a run, worded exactly as Prometheus words them (without
 * the query position Prometheus appends). Public so that operators word the same checks alike.
 */
public final class Annotations {

    static final String SORT_IN_RANGE_QUERY =
            "PromQL warning: sort is ineffective for range queries since results are always ordered by labels";

    static final String FORCED_MONOTONICITY = "PromQL info: input to histogram_quantile needed to be fixed for "
            + "monotonicity (see https://prometheus.io/docs/prometheus/latest/querying/functions/#histogram_quantile)";

    private Annotations() {}

    /** rate and increase on a name that does not look like a counter's. */
    public static void checkCounterName(String name, RunContext context) {
        if (!name.isEmpty()
                && !name.endsWith("_total")
                && !name.endsWith("_sum")
                && !name.endsWith("_count")
                && !name.endsWith("_bucket")) {
            context.info(
                    "PromQL info: metric might not be a counter, name does not end in _total/_sum/_count/_bucket: \""
                            + name + "\"");
        }
    }

    /** Warns of a quantile outside [0, 1] (or NaN), as quantile, quantile_over_time and histogram_quantile do. */
    public static void checkQuantile(double q, RunContext context) {
        if (Double.isNaN(q) || q < 0 || q > 1) {
            context.warn("PromQL warning: quantile value should be between 0 and 1, got " + GoFormat.v(q));
        }
    }

    /** A classic histogram bucket whose {@code le} label is missing or not a number. */
    static void badBucketLabel(String metricName, String le, RunContext context) {
        String message = "PromQL warning: bucket label \"le\" is missing or has a malformed value of \"" + le + "\"";
        if (!metricName.isEmpty()) {
            message += " for metric name \"" + metricName + "\"";
        }
        context.warn(message);
    }
}
