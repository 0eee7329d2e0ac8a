package io.tessera.exec.view.samples;

import io.tessera.exec.context.RunContext;
import io.tessera.plan.MaterializedView;
import io.tessera.spi.DataStore;

/**
 * A sample view and what a sweep of it reads through.
 *
 * @param rawRows reads the newest panes, not built yet
 * @param oneMetric whether the view's selector names one metric, so that no two of its series can
 *     differ only in their metric name (which the function drops)
 */
public record SampleSource(
        MaterializedView view, DataStore store, RunContext context, TailReader rawRows, boolean oneMetric) {}
