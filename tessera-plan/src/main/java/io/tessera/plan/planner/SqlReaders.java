package io.tessera.plan.planner;

import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.MatchType;
import io.tessera.core.TableCatalog;
import io.tessera.plan.GroupedAggregate;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.PlanNode;
import io.tessera.plan.RangeFunction;
import io.tessera.plan.RowFilter;
import io.tessera.plan.Scan;
import io.tessera.plan.SqlNode;
import io.tessera.plan.TableWindow;
import io.tessera.plan.TimeBucket;
import io.tessera.plan.lowering.ViewMatcher;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
import io.tessera.sql.AggregateFunction;
import io.tessera.sql.SqlFrontend;
import io.tessera.sql.SqlQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which SQL queries of a workload a view could answer, and with what state. A query qualifies
 * when it is a {@code GROUP BY} of columns (and at most one time bucket the view's panes tile)
 * over a window that moves with {@code now()}, whose aggregates are one view function — quantiles
 * (any fractions), {@code approx_count_distinct}, {@code sum} or {@code count} — of one column.
 * Over a table the view keeps a state per group of those keys and of the dimensions any other
 * condition of WHERE compares (the query merges the groups the condition admits, so one view
 * serves every value a dashboard variable puts there); over a metric it keeps the per-series
 * state PromQL's range functions keep (merged across the series of a group at query time, those a
 * condition on labels leaves out dropped), so a SQL query and a PromQL query over the same series
 * share one view.
 *
 * <p>SQL roots are lowered at {@code now() = 0}: their time bounds are relative to the time they
 * are evaluated at.
 */
final class SqlReaders {

    /** The now() a workload's SQL queries are lowered at, and the shift that shows a window moves with it. */
    static final long LOWERED_AT = 0;

    private static final long PROBE_SHIFT = 86_400_000L;

    private static final Map<AggregateFunction, StateFamily> FAMILIES = Map.of(
            AggregateFunction.QUANTILE,
            StateFamily.KLL,
            AggregateFunction.APPROX_COUNT_DISTINCT,
            StateFamily.DISTINCT,
            AggregateFunction.SUM,
            StateFamily.SUM,
            AggregateFunction.COUNT,
            StateFamily.COUNT);

    /**
     * A SQL query a view could answer.
     *
     * @param aggregate the GroupedAggregate node the view answers
     * @param window    its TableWindow node
     * @param keys      the group keys, sorted; for a metric the view is per series whatever the keys
     * @param column    the column the states fold ({@code value} for a metric)
     * @param bucketMs  the width of the time bucket it also groups by, 0 when none; {@code bucketOriginMs} its origin
     * @param rowCounted the column counted for {@code count(*)} when the query reads it nowhere else; else null
     */
    record Candidate(
            int query,
            int aggregate,
            int scan,
            int window,
            StateFamily family,
            List<String> keys,
            String column,
            boolean metric,
            long windowMs,
            long bucketMs,
            long bucketOriginMs,
            Column rowCounted) {

        /** Why the view's panes, at most {@code paneMs} wide, could not tile its buckets; null when they can. */
        String bucketMismatch(long paneMs) {
            if (bucketMs == 0 || bucketMs % paneMs == 0 && Math.floorMod(bucketOriginMs, paneMs) == 0) {
                return null;
            }
            return "its " + bucketMs + " ms time buckets are not whole " + paneMs + " ms panes";
        }

        /** The reader the cost model and the view search weigh; its range function is a label, not a DAG node. */
        Reader reader(Reach reach) {
            RangeFunction label = new RangeFunction(
                    "SQL " + family.name().toLowerCase(java.util.Locale.ROOT) + "(" + column + ")"
                            + (metric ? " of " + keys : " by " + keys),
                    window,
                    new int[0]);
            return new Reader(
                    aggregate, new ViewMatcher.Match(label, window, windowMs, scan, null, family), List.of(reach));
        }
    }

    /** Either a candidate, or why the query runs exactly. */
    record Outcome(Candidate candidate, String reason) {}

    private SqlReaders() {}

    static Outcome analyze(PhysicalDag dag, int query, int root, String sql, TableCatalog catalog) {
        int id = root;
        while (dag.node(id) instanceof SqlNode n && !(n instanceof GroupedAggregate) && !(n instanceof TableWindow)) {
            id = n.input();
        }
        if (!(dag.node(id) instanceof GroupedAggregate a)) {
            return no("it does not aggregate");
        }
        PlanNode in = dag.node(a.input());
        int windowId = a.input();
        TimeBucket bucket = null;
        if (in instanceof TimeBucket b) {
            if (!a.keys().contains(b.output())) {
                return no("it computes a time bucket it does not group by");
            }
            if (dag.node(b.input()) instanceof TimeBucket) {
                return no("it groups by more than one time bucket");
            }
            bucket = b;
            windowId = b.input();
            in = dag.node(windowId);
        }
        RowFilter filter = null;
        if (in instanceof RowFilter f) {
            filter = f;
            windowId = f.input();
            in = dag.node(windowId);
        }
        TableWindow w = (TableWindow) in;
        Scan scan = (Scan) dag.node(w.input());
        if (w.startExclusive() == Long.MIN_VALUE) {
            return no("its window has no lower time bound");
        }
        SqlQuery later = SqlFrontend.parse(sql, catalog, LOWERED_AT + PROBE_SHIFT);
        boolean endMoves =
                w.endInclusive() == Long.MAX_VALUE || later.time().endInclusive() - w.endInclusive() == PROBE_SHIFT;
        if (later.time().startExclusive() - w.startExclusive() != PROBE_SHIFT || !endMoves) {
            return no("its window does not move with now()");
        }
        long windowMs = (w.endInclusive() == Long.MAX_VALUE ? LOWERED_AT : w.endInclusive()) - w.startExclusive();
        if (windowMs <= 0) {
            return no("its window is empty");
        }
        AggregateFunction function = null;
        String column = null;
        Column rowCount = rowCountColumn(a, w, scan, catalog);
        for (GroupedAggregate.Spec s : a.aggregates()) {
            // count(*) counts the rows: a view counting a column every row has
            String counted = s.column() != null ? s.column() : rowCount == null ? null : rowCount.name();
            if (counted == null) {
                return no("count(*) is kept as the count of a measure, and the table has none");
            }
            if ((function != null && (s.function() != function || !counted.equals(column)))) {
                return no("its aggregates are not one function of one column");
            }
            function = s.function();
            column = counted;
        }
        StateFamily family = FAMILIES.get(function);
        if (family == null) {
            return no("no view keeps "
                    + (function == null ? "no aggregate" : function.name().toLowerCase(java.util.Locale.ROOT))
                    + " (views keep quantile, approx_count_distinct, sum and count)");
        }
        if (a.keys().contains(column) || a.keys().contains(w.timeColumn())) {
            return no("it groups by its aggregated column or by time");
        }
        boolean metric = metric(scan);
        if (metric && !(equalitiesOnly(scan) && column.equals("value"))) {
            return no("over a metric, views keep the samples' value of the metric's series");
        }
        Set<String> filtered = filter == null ? Set.of() : filter.predicate().comparedColumns();
        String unfit = filtered == null
                ? "its condition compares an expression, not a column"
                : unfitCondition(filtered, metric, column, w.timeColumn(), scan, catalog);
        if (unfit != null) {
            return no(unfit);
        }
        Set<String> keyed = new TreeSet<>(a.keys());
        if (bucket != null) {
            keyed.remove(bucket.output());
        }
        // a condition on columns is answered from a state per value of each: the view keeps them as keys
        keyed.addAll(filtered);
        List<String> keys = new ArrayList<>(keyed);
        return new Outcome(
                new Candidate(
                        query,
                        id,
                        w.input(),
                        windowId,
                        family,
                        List.copyOf(keys),
                        column,
                        metric,
                        windowMs,
                        bucket == null ? 0 : bucket.widthMs(),
                        bucket == null ? 0 : bucket.originMs(),
                        rowCount != null && column.equals(rowCount.name()) && !read(w, column) ? rowCount : null),
                null);
    }

    /**
     * Why a view cannot answer a query whose condition compares {@code filtered}: a table view keeps
     * a state per value of the dimensions a condition compares, a metric's view a state per series
     * (so a condition on its labels); null when it can.
     */
    private static String unfitCondition(
            Set<String> filtered, boolean metric, String column, String timeColumn, Scan scan, TableCatalog catalog) {
        if (filtered.isEmpty()) {
            return null;
        }
        if (metric) {
            // a per-series view: the condition is tested once per series, on its labels
            return filtered.contains("value") || filtered.contains(timeColumn)
                    ? "its condition compares the samples' " + (filtered.contains("value") ? "value" : "time")
                            + ", not labels"
                    : null;
        }
        List<String> dimensions = new ArrayList<>();
        catalog.find(((Source.Table) scan.source()).name())
                .ifPresent(t -> t.dimensions().forEach(d -> dimensions.add(d.name())));
        for (String c : filtered) {
            if (c.equals(column)) {
                return "its condition compares the column it aggregates";
            }
            if (!dimensions.contains(c)) {
                return "its condition compares " + c
                        + ", not a dimension (a view keeps a state per value of the dimensions"
                        + " a condition compares)";
            }
        }
        return null;
    }

    private static boolean read(TableWindow w, String column) {
        return w.columns().stream().anyMatch(c -> c.name().equals(column));
    }

    private static boolean metric(Scan scan) {
        return scan.source() instanceof Source.TimeSeries;
    }

    /**
     * The column a view counts for {@code count(*)}: the one {@code count(column)} of the same
     * query counts, else a metric's value, else the table's first measure; null when there is
     * none. Every row has each of them (no column holds NULL).
     */
    private static Column rowCountColumn(GroupedAggregate a, TableWindow w, Scan scan, TableCatalog catalog) {
        for (GroupedAggregate.Spec s : a.aggregates()) {
            if (s.column() != null && s.function() == AggregateFunction.COUNT) {
                return w.columns().stream()
                        .filter(c -> c.name().equals(s.column()))
                        .findFirst()
                        .orElse(null);
            }
        }
        if (!(scan.source() instanceof Source.Table t)) {
            return new Column("value", ColumnType.DOUBLE);
        }
        return catalog.find(t.name())
                .filter(schema -> !schema.measures().isEmpty())
                .map(schema -> schema.measures().getFirst())
                .orElse(null);
    }

    /** Whether a metric's Scan has its name's equality first and further equalities only (what SQL's conditions make). */
    private static boolean equalitiesOnly(Scan scan) {
        if (scan.matchers().isEmpty() || !scan.matchers().getFirst().name().equals(Labels.METRIC_NAME)) {
            return false;
        }
        for (LabelMatcher m : scan.matchers()) {
            if (m.type() != MatchType.EQUAL) {
                return false;
            }
        }
        return true;
    }

    /** The unbounded window of a table view: the time column, the keys and the measure, in the table's order. */
    static TableWindow viewWindow(TableWindow query, Candidate c) {
        List<Column> columns = new ArrayList<>();
        for (Column col : query.columns()) {
            if (col.name().equals(query.timeColumn())
                    || c.keys().contains(col.name())
                    || col.name().equals(c.column())) {
                columns.add(col);
            }
        }
        if (c.rowCounted() != null) {
            columns.add(c.rowCounted());
        }
        return new TableWindow(query.input(), query.timeColumn(), columns, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    private static Outcome no(String reason) {
        return new Outcome(null, reason);
    }
}
