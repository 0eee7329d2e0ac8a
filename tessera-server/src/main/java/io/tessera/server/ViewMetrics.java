package io.tessera.server;

import io.tessera.exec.QueryAccelerator;
import io.tessera.ingest.views.ViewMaintainer;
import io.tessera.ingest.views.ViewProgress;
import io.tessera.server.metrics.MetricsRegistry;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/** The {@code tessera_view_*} metrics: what the installed views hold and how their ingestion runs go. */
final class ViewMetrics {

    private ViewMetrics() {}

    /** Registers the view metrics and returns the counter of failed maintenance ticks. */
    static LongAdder register(
            MetricsRegistry metrics, ViewMaintainer maintainer, Supplier<QueryAccelerator> accelerator) {
        metrics.gauge(
                "tessera_views",
                "Materialized views maintained.",
                () -> maintainer.progress().size());
        LongAdder failures = metrics.counter(
                "tessera_view_maintenance_failures_total",
                "Maintenance ticks whose ingestion runs failed (each is logged and tried again a second later).");
        metrics.counter(
                "tessera_view_panes_built_total",
                "Panes built by ingestion runs, summed over the installed views.",
                summedOverViews(maintainer, ViewProgress::panesBuilt));
        metrics.gauge(
                "tessera_view_lag_seconds",
                "The largest ingestion lag of any view: watermark minus newest built pane end.",
                () -> maintainer.progress().stream()
                                .mapToLong(ViewProgress::lagMs)
                                .max()
                                .orElse(0)
                        / 1000.0);
        metrics.gauge(
                "tessera_view_state_bytes",
                "Approximate memory the states of all views take now (evicted epochs not counted).",
                summedOverViews(maintainer, ViewProgress::stateBytes));
        metrics.counter(
                "tessera_view_build_cpu_seconds_total",
                "CPU time the ingestion runs of all views took.",
                () -> maintainer.cpuNanos() / 1e9);
        metrics.counter(
                "tessera_view_late_samples_total",
                "Samples that arrived for panes already built.",
                () -> maintainer.lateSamples());
        metrics.gauge(
                "tessera_view_stale_panes",
                "Built panes late samples reached that are not rebuilt yet (answered exactly meanwhile).",
                summedOverViews(maintainer, ViewProgress::stalePanes));
        metrics.counter(
                "tessera_view_panes_rebuilt_total",
                "Panes rebuilt from raw data after late samples reached them, summed over the installed views.",
                summedOverViews(maintainer, ViewProgress::panesRebuilt));
        metrics.counter(
                "tessera_view_late_rows_total",
                "SQL table rows that arrived for panes of table views already built.",
                () -> maintainer.lateRows());
        metrics.gauge(
                "tessera_view_kept_correction_samples",
                "Raw samples off-grid instant corrections keep between two grid points.",
                () -> accelerator.get().keptCorrections() == null
                        ? 0
                        : accelerator.get().keptCorrections().samples());
        metrics.gauge(
                "tessera_view_kept_pane_blocks",
                "Merged blocks of pane views' panes kept between instant queries.",
                () -> accelerator.get().paneBlocks() == null
                        ? 0
                        : accelerator.get().paneBlocks().size());
        return failures;
    }

    /** {@code field} of every installed view's progress, summed, read when the metric is scraped. */
    private static DoubleSupplier summedOverViews(ViewMaintainer maintainer, ToLongFunction<ViewProgress> field) {
        return () -> maintainer.progress().stream().mapToLong(field).sum();
    }
}
