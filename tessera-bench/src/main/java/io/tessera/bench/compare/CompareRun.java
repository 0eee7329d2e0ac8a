package io.tessera.bench.compare;

import io.tessera.bench.promql.LoadResult;
import java.util.List;

/**
 * Everything one compare run measured: both loads, resident memory of both after loading (and
 * Tessera's with its views built, Prometheus' at the end), the plan's views and how long their
 * ingestion runs took to catch up, and one row per query.
 */
record CompareRun(CompareSetup setup, LoadResult tesseraLoad, LoadResult prometheusLoad, long tesseraRssBytes,
        long prometheusRssBytes, long tesseraViewsRssBytes, long prometheusEndRssBytes, int views, double catchUpSeconds,
        boolean caughtUp, List<CompareRow> rows) {

    CompareRun {
        rows = List.copyOf(rows);
    }
}
