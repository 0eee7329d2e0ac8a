package io.tessera.exec.sql;

import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PaneState;
import io.tessera.plan.StateSpec;
import io.tessera.sketch.CountState;
import io.tessera.sketch.DistinctState;
import io.tessera.sketch.FrequentState;
import io.tessera.sketch.KllState;
import io.tessera.sketch.State;
import io.tessera.sketch.StateFamily;
import io.tessera.sketch.SumState;
import io.tessera.sql.AggregateFunction;
import java.util.List;
import java.util.Map;

/**
 * A materialized view for windowed {@code GROUP BY keys} queries over one table: one state per
 * (group, pane) of {@code column} — KLL for quantiles (every fraction), CPC for
 * {@code approx_count_distinct}, exact sums and counts, Count-Min with a heap of the heaviest
 * values for {@code topK} (which it answers approximately, for k up to the heap's capacity) — on panes {@code (k·paneMs, (k+1)·paneMs]}.
 * A group is the {@link io.tessera.core.Labels} of its key values.
 */
public record SqlView(String table, List<String> keys, AggregateFunction function, String column, long paneMs, long retentionMs) {

    public SqlView {
        keys = List.copyOf(keys);
        if (paneMs <= 0) {
            throw new IllegalArgumentException("a pane must be positive, got " + paneMs + " ms");
        }
        family(function);
    }

    public String definitionId() {
        return "sql:" + table + ":by" + keys + ":" + function.name().toLowerCase(java.util.Locale.ROOT) + "(" + column + "):pane="
                + paneMs;
    }

    /** Whether this view answers {@code function} of {@code column} grouped by exactly {@code keys} (in any order). */
    boolean serves(String scannedTable, List<String> groupKeys, AggregateFunction f, String c) {
        return table.equals(scannedTable) && groupKeys.size() == keys.size() && groupKeys.containsAll(keys) && f == function
                && column.equals(c);
    }

    State newState() {
        return switch (function) {
            case QUANTILE -> new KllState();
            case APPROX_COUNT_DISTINCT -> new DistinctState();
            case SUM -> new SumState();
            case COUNT -> new CountState();
            case TOP_K -> new FrequentState();
            default -> throw new IllegalStateException();
        };
    }

    private static StateFamily family(AggregateFunction f) {
        return switch (f) {
            case QUANTILE -> StateFamily.KLL;
            case APPROX_COUNT_DISTINCT -> StateFamily.DISTINCT;
            case SUM -> StateFamily.SUM;
            case COUNT -> StateFamily.COUNT;
            case TOP_K -> StateFamily.FREQUENT;
            default -> throw new IllegalArgumentException("no SQL view keeps " + f
                    + " (quantile, approx_count_distinct, sum, count, top_k)");
        };
    }

    /** The view as the DataStore's view reads name it. */
    MaterializedView materializedView() {
        PaneState state = new PaneState(0, new StateSpec(family(function), Map.of()), new Grouping(Grouping.Kind.BY, keys),
                new Materialization(Materialization.Mode.AT_INGESTION, paneMs, 0, Math.max(paneMs, retentionMs)));
        return new MaterializedView(definitionId(), -1, state, List.of());
    }
}
