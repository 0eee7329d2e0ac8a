package io.tessera.bench.compare;

import io.tessera.bench.accel.AccelQuery;
import io.tessera.bench.promql.Latencies;

/**
 * One query's measurements: latencies on Prometheus, on Tessera as deployed (views used where
 * they cover the query) and on Tessera with {@code accelerate=false} (null when not measured);
 * the error of each Tessera answer against Prometheus' (relative, or rank error for quantiles);
 * and how Tessera's runs said they were answered.
 */
record CompareRow(
        AccelQuery query,
        Latencies prometheus,
        Latencies tessera,
        Latencies exact,
        double error,
        double exactError,
        Answered answered) {

    /** How Tessera answered, from the {@code infos} of its responses. */
    enum Answered {
        /** Every run: from an evaluation-grid view (the query's values kept at every grid point). */
        GRID_VIEW("grid view", "G"),
        /** Every run: from pane views (states merged over the window), with exact edges where off the panes. */
        PANE_VIEW("pane view", "P"),
        /** Every run: exactly from raw data. */
        EXACT("exact", "E"),
        /** The runs did not all answer the same way. */
        MIXED("mixed", "M");

        final String label;
        final String tag;

        Answered(String label, String tag) {
            this.label = label;
            this.tag = tag;
        }

        /** What one response's {@code infos} say. */
        static Answered of(String body) {
            if (!body.contains("answered from view") && !body.contains("answered from a view")) {
                return EXACT;
            }
            return body.contains("values kept every") ? GRID_VIEW : PANE_VIEW;
        }

        /** The answer of several runs: this one when they agree, else mixed. */
        Answered and(Answered next) {
            return this == next ? this : MIXED;
        }
    }

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

    boolean fromView() {
        return answered == Answered.GRID_VIEW || answered == Answered.PANE_VIEW;
    }

    /** Tessera's exact p50 over its p50 as deployed: what the views gained on the same server (NaN without exact runs). */
    double viewGain() {
        return exact == null ? Double.NaN : exact.percentileMillis(50) / tesseraP50();
    }

    String kind() {
        return query.range() ? "range" : "instant";
    }
}
