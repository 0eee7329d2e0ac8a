package io.tessera.exec.sql;

import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.exec.view.StateFactory;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PaneState;
import io.tessera.plan.StateSpec;
import io.tessera.sketch.State;
import io.tessera.sketch.StateFamily;
import io.tessera.sql.AggregateFunction;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

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
 * keys, its per-series states merged across the series of each group.
 *
 * <p>{@code storedKeys} are the keys the view keeps a state per; {@code keys} those of the query
 * reading it, and {@code filter} (null for none) that query's WHERE condition on stored keys. A
 * view read for a query ({@link #reading}) merges the states of the stored groups the filter
 * admits into the query's groups: a view by {@code (host, region)} answers {@code GROUP BY host
 * ... WHERE region = 'eu'}.
 */
public record SqlView(
        String table,
        List<String> keys,
        AggregateFunction function,
        String column,
        long paneMs,
        long retentionMs,
        boolean perSeries,
        MaterializedView planned,
        List<String> storedKeys,
        GroupFilter filter,
        List<LabelMatcher> seriesMatchers) {

    public SqlView {
        keys = List.copyOf(keys);
        storedKeys = List.copyOf(storedKeys);
        seriesMatchers = List.copyOf(seriesMatchers);
        if (paneMs <= 0) {
            throw new IllegalArgumentException("a pane must be positive, got " + paneMs + " ms");
        }
        family(function);
    }

    /** The view of an installed table plan: its panes and retention are the plan's. */
    static SqlView ofTablePlan(
            String table, List<String> keys, AggregateFunction function, String column, MaterializedView planned) {
        return new SqlView(
                table,
                keys,
                function,
                column,
                planned.paneMs(),
                planned.materialization().retentionMs(),
                false,
                planned,
                keys,
                null,
                List.of());
    }

    /** A metric's per-series view of the series that also match {@code seriesMatchers} (equalities on labels). */
    public static SqlView perSeries(
            String metric,
            AggregateFunction function,
            long paneMs,
            long retentionMs,
            MaterializedView planned,
            List<LabelMatcher> seriesMatchers) {
        return new SqlView(
                metric,
                List.of(),
                function,
                "value",
                paneMs,
                retentionMs,
                true,
                planned,
                List.of(),
                null,
                seriesMatchers);
    }

    public SqlView(
            String table, List<String> keys, AggregateFunction function, String column, long paneMs, long retentionMs) {
        this(table, keys, function, column, paneMs, retentionMs, false, null, keys, null, List.of());
    }

    public String definitionId() {
        if (planned != null) {
            return planned.definitionId();
        }
        return "sql:" + table + ":by" + storedKeys + ":" + function.name().toLowerCase(java.util.Locale.ROOT) + "("
                + column + "):pane=" + paneMs;
    }

    /** What a reading of this view is kept under between runs: the view, and the keys and filter of the reading. */
    String readingId() {
        return definitionId()
                + (keys.equals(storedKeys) && filter == null
                        ? ""
                        : " as " + keys + (filter == null ? "" : " where " + filter));
    }

    /** This view read for one query grouped by {@code groupKeys}, its stored groups kept when {@code where} (or null) admits them. */
    SqlView reading(List<String> groupKeys, GroupFilter where) {
        return new SqlView(
                table,
                groupKeys,
                function,
                column,
                paneMs,
                retentionMs,
                perSeries,
                planned,
                storedKeys,
                where,
                seriesMatchers);
    }

    /**
     * Whether this view answers {@code function} of {@code column} of {@code scannedTable} (a
     * metric's name when {@code metric}) grouped by {@code keys} (in any order) where a condition
     * compares {@code filtered} columns: a table view keeps a state per value of every one of those
     * columns (its other keys are merged away), a per-series view serves any keys and conditions on
     * labels (not on the time or the value) of a query whose Scan's matchers ({@code scanned})
     * include the view's.
     */
    boolean serves(
            String scannedTable,
            boolean metric,
            List<LabelMatcher> scanned,
            List<String> groupKeys,
            Set<String> filtered,
            AggregateFunction f,
            String c) {
        Set<String> needed = new HashSet<>(groupKeys);
        needed.addAll(filtered);
        // a per-series view of fewer series than the query reads would miss some; of more, the condition leaves them
        // out
        boolean keysMatch = perSeries
                ? !needed.contains("ts")
                        && !needed.contains("value")
                        && scanned.containsAll(seriesMatchers)
                        && narrowedBy(scanned, filtered)
                : storedKeys.containsAll(needed);
        return metric == perSeries && table.equals(scannedTable) && keysMatch && f == function && column.equals(c);
    }

    /**
     * Whether every matcher of {@code scanned} the view lacks is on a label the condition compares
     * (which then leaves the other series out).
     */
    private boolean narrowedBy(List<LabelMatcher> scanned, Set<String> filtered) {
        for (LabelMatcher m : scanned) {
            if (!seriesMatchers.contains(m) && !m.name().equals(Labels.METRIC_NAME) && !filtered.contains(m.name())) {
                return false;
            }
        }
        return true;
    }

    /** The keys a window's raw rows are grouped by before {@link #groupOf} places them: the stored keys of a table view. */
    List<String> rowKeys() {
        return perSeries ? keys : storedKeys;
    }

    /**
     * The group a stored state of this view belongs to in the reading query grouped by
     * {@link #keys}; null when the reading's filter leaves it out.
     */
    Labels groupOf(Labels stored) {
        return filter == null ? project(stored) : filter.groupOf(stored, this::project);
    }

    private Labels project(Labels stored) {
        if (!perSeries && keys.size() == storedKeys.size()) {
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
        return StateFactory.create(planned != null ? planned.state().state() : StateSpec.of(family(function)));
    }

    private static StateFamily family(AggregateFunction f) {
        return switch (f) {
            case QUANTILE -> StateFamily.KLL;
            case APPROX_COUNT_DISTINCT -> StateFamily.DISTINCT;
            case SUM -> StateFamily.SUM;
            case COUNT -> StateFamily.COUNT;
            case TOP_K -> StateFamily.FREQUENT;
            default ->
                throw new IllegalArgumentException(
                        "no SQL view keeps " + f + " (quantile, approx_count_distinct, sum, count, top_k)");
        };
    }

    /** The view as the DataStore's view reads name it. */
    MaterializedView materializedView() {
        if (planned != null) {
            return planned;
        }
        PaneState state = new PaneState(
                0,
                StateSpec.of(family(function)),
                new Grouping(Grouping.Kind.BY, storedKeys),
                new Materialization(Materialization.Mode.AT_INGESTION, paneMs, 0, Math.max(paneMs, retentionMs)));
        return new MaterializedView(definitionId(), -1, state, List.of());
    }
}
