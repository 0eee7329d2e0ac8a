package io.tessera.exec.sql;

import io.tessera.core.TableCatalog;
import io.tessera.sql.AggregateFunction;
import io.tessera.sql.SqlExpr;
import io.tessera.sql.SqlFrontend;
import io.tessera.sql.SqlQuery;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * Chooses {@link SqlView}s for SQL queries evaluated every {@code everyMs}: a query is served
 * when it is a {@code GROUP BY} of columns over a window that moves with {@code now()} (no other
 * condition, no time bucket) whose aggregates are all one view function — quantiles (any
 * fractions), {@code approx_count_distinct}, {@code sum} or {@code count} — of one column. Its
 * pane is {@code gcd(window, everyMs)}; queries that need the same definition share one view.
 */
public final class SqlViewPlanner {

    /** The choice for one query: its view, or null and why not. */
    public record Choice(String sql, SqlView view, String reason) {}

    private static final long PROBE_NOW = 1_000_000_000_000L;
    private static final long PROBE_SHIFT = 86_400_000L;

    private SqlViewPlanner() {}

    public static List<Choice> plan(List<String> queries, TableCatalog catalog, long everyMs, long retentionMs) {
        List<Choice> choices = new ArrayList<>();
        for (String sql : queries) {
            choices.add(choose(sql, catalog, everyMs, retentionMs));
        }
        return choices;
    }

    /** The distinct views of {@code choices}, in first-use order. */
    public static List<SqlView> views(List<Choice> choices) {
        LinkedHashSet<SqlView> views = new LinkedHashSet<>();
        for (Choice c : choices) {
            if (c.view() != null) {
                views.add(c.view());
            }
        }
        return List.copyOf(views);
    }

    private static Choice choose(String sql, TableCatalog catalog, long everyMs, long retentionMs) {
        SqlQuery q = SqlFrontend.parse(sql, catalog, PROBE_NOW);
        SqlQuery later = SqlFrontend.parse(sql, catalog, PROBE_NOW + PROBE_SHIFT);
        if (q.metric()) {
            return new Choice(sql, null, "reads a metric; SQL views keep tables");
        }
        if (!q.aggregate() || q.where() != null) {
            return new Choice(
                    sql, null, q.aggregate() ? "has conditions besides the time window" : "does not aggregate");
        }
        long start = q.time().startExclusive();
        long end =
                q.time().endInclusive() == Long.MAX_VALUE ? PROBE_NOW : q.time().endInclusive();
        if (start == Long.MIN_VALUE || later.time().startExclusive() - start != PROBE_SHIFT) {
            return new Choice(sql, null, "its window does not move with now()");
        }
        List<String> keys = new ArrayList<>();
        for (SqlExpr k : q.groupBy()) {
            if (!(k instanceof SqlExpr.Column c)) {
                return new Choice(sql, null, "groups by " + k.toSql() + ", not a column");
            }
            keys.add(c.name());
        }
        AggregateFunction function = null;
        String column = null;
        for (SqlQuery.SelectItem item : q.select()) {
            if (item.expr() instanceof SqlExpr.Aggregate a) {
                if (a.argument() == null
                        || (function != null
                                && (a.function() != function
                                        || !a.argument().name().equals(column)))) {
                    return new Choice(sql, null, "its aggregates are not one function of one column");
                }
                function = a.function();
                column = a.argument().name();
            }
        }
        if (function == null
                || !(function == AggregateFunction.QUANTILE
                        || function == AggregateFunction.APPROX_COUNT_DISTINCT
                        || function == AggregateFunction.SUM
                        || function == AggregateFunction.COUNT)) {
            return new Choice(
                    sql,
                    null,
                    "no view keeps "
                            + (function == null
                                    ? "no aggregate"
                                    : function.name().toLowerCase(java.util.Locale.ROOT)));
        }
        long window = end - start;
        long pane = everyMs > 0 ? gcd(window, everyMs) : window;
        return new Choice(
                sql,
                new SqlView(q.table().name(), keys, function, column, pane, Math.max(retentionMs, window + pane)),
                "window " + window + " ms on " + pane + " ms panes");
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }
}
