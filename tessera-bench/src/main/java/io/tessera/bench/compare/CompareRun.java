package io.tessera.bench.compare;

import io.tessera.bench.promql.LoadResult;
import java.util.List;

/**
 * Everything one compare run measured: both loads, resident memory of both after loading (and
 * Tessera's with its views built, Prometheus' at the end), Tessera's live heap, the planner's
 * views (with its explanation lines) and how long their ingestion runs took to catch up, the
 * machine's load average, and one row per query.
 */
record CompareRun(
        CompareSetup setup,
        LoadResult tesseraLoad,
        LoadResult prometheusLoad,
        long tesseraRssBytes,
        long prometheusRssBytes,
        long tesseraViewsRssBytes,
        long prometheusEndRssBytes,
        TesseraMemory tesseraMemory,
        int views,
        List<String> planLines,
        double catchUpSeconds,
        boolean caughtUp,
        String machineLoad,
        List<CompareRow> rows) {

    /** Tessera's heap in use after a full collection, after loading and with the views built (-1: unknown); its RSS at the end. */
    record TesseraMemory(long liveHeapAfterLoadBytes, long liveHeapWithViewsBytes, long rssAtEndBytes) {}

    CompareRun {
        planLines = List.copyOf(planLines);
        rows = List.copyOf(rows);
    }
}
