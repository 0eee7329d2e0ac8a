package io.tessera.server.api;

import io.tessera.core.Durations;
import io.tessera.core.InvalidInputException;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.codec.InstallablePlan;

/**
 * Limits on what an installed plan may ask of the server. A view's panes are built from raw
 * data and must answer as the raw data does, so no view keeps panes longer than the raw store
 * keeps samples ({@code storage.retention}); a plan asking for more (a huge or unbounded
 * {@code retention_ms}) would grow its views' memory without end and is refused.
 */
public final class PlanBounds {

    private PlanBounds() {}

    /** Throws an {@link InvalidInputException} naming the first view whose retention exceeds {@code maxRetentionMs}. */
    public static void check(InstallablePlan plan, long maxRetentionMs) {
        for (MaterializedView view : plan.materializedViews()) {
            long retention = view.materialization().retentionMs();
            if (retention > maxRetentionMs) {
                throw new InvalidInputException("view " + view.definitionId() + " has retention_ms " + retention
                        + (retention >= Long.MAX_VALUE / 2 ? "" : " (" + Durations.format(retention) + ")")
                        + ", longer than storage.retention (" + Durations.format(maxRetentionMs)
                        + "): a view cannot keep panes of data the raw store no longer keeps");
            }
        }
    }
}
