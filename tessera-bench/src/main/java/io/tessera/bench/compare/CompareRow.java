package io.tessera.bench.compare;

import io.tessera.bench.accel.AccelQuery;
import io.tessera.bench.promql.Latencies;

/**
 * One query's measurements: latencies on Prometheus, on Tessera as deployed (views used where
 * they cover the query) and on Tessera with {@code accelerate=false} (null when not measured);
 * the error of each Tessera answer against Prometheus' (relative, or rank error for quantiles);
 * and whether every Tessera run's {@code infos} said it was answered from a view.
 */
record CompareRow(AccelQuery query, Latencies prometheus, Latencies tessera, Latencies exact, double error,
        double exactError, boolean fromView) {

    double prometheusP50() {
        return prometheus.percentileMillis(50);
    }

    double tesseraP50() {
        return tessera.percentileMillis(50);
    }

    /** Prometheus p50 over Tessera p50: above 1, Tessera is faster. */
    double ratio() {
        return prometheusP50() / tesseraP50();
    }

    String answered() {
        return fromView ? "view" : "exact";
    }

    String kind() {
        return query.range() ? "range" : "instant";
    }
}
