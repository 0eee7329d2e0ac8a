package io.tessera.exec.sql;

import io.tessera.core.Labels;
import io.tessera.exec.view.StateFactory;
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
 *
 * <p>A view of an installed plan ({@code planned}) has that plan's definition id and state
 * parameters. A {@code perSeries} view is a metric's per-series view (the one PromQL's range
 * functions read, {@code table} the metric's name, {@code column} {@code value}): it serves any
 * keys, its per-series states merged across the series of each group; {@link #withKeys} names
 * the keys of one query.
 */
public record SqlView(String table, List<String> keys, AggregateFunction function, String column, long paneMs, long retentionMs,
        boolean perSeries, MaterializedView planned) {

    public SqlView {
        keys = List.copyOf(keys);
        if (paneMs <= 0) {
            throw new IllegalArgumentException("a pane must be positive, got " + paneMs + " ms");
        }
        family(function);
    }

    public SqlView(String table, List<String> keys, AggregateFunction function, String column, long paneMs, long retentionMs) {
        this(table, keys, function, column, paneMs, retentionMs, false, null);
    }

    public String definitionId() {
        if (planned != null) {
            return planned.definitionId();
        }
        return "sql:" + table + ":by" + keys + ":" + function.name().toLowerCase(java.util.Locale.ROOT) + "(" + column + "):pane="
                + paneMs;
    }

    /** This per-series view read for one query grouped by {@code groupKeys}. */
    SqlView withKeys(List<String> groupKeys) {
        return new SqlView(table, groupKeys, function, column, paneMs, retentionMs, perSeries, planned);
    }

    /**
     * Whether this view answers {@code function} of {@code column} of {@code scannedTable} (a
     * metric's name when {@code metric}) grouped by exactly {@code keys} (in any order; any keys
     * but the time and the value for a per-series view).
     */
    boolean serves(String scannedTable, boolean metric, List<String> groupKeys, AggregateFunction f, String c) {
        boolean keysMatch = perSeries ? !groupKeys.contains("ts") && !groupKeys.contains("value")
                : groupKeys.size() == keys.size() && groupKeys.containsAll(keys);
        return metric == perSeries && table.equals(scannedTable) && keysMatch && f == function && column.equals(c);
    }

    /** The group a stored state of this view belongs to in a query grouped by {@link #keys}. */
    Labels groupOf(Labels stored) {
        if (!perSeries) {
            return stored;
        }
        String[] pairs = new String[2 * keys.size()];
        for (int k = 0; k < keys.size(); k++) {
            pairs[2 * k] = keys.get(k);
            pairs[2 * k + 1] = stored.get(keys.get(k));
        }
        return Labels.of(pairs);
    }

    State newState() {
        if (planned != null) {
            return StateFactory.create(planned.state().state());
        }
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
        if (planned != null) {
            return planned;
        }
        PaneState state = new PaneState(0, new StateSpec(family(function), Map.of()), new Grouping(Grouping.Kind.BY, keys),
                new Materialization(Materialization.Mode.AT_INGESTION, paneMs, 0, Math.max(paneMs, retentionMs)));
        return new MaterializedView(definitionId(), -1, state, List.of());
    }
}
