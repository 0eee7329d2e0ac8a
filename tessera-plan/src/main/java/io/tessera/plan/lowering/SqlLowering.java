package io.tessera.plan.lowering;

import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.TableSchema;
import io.tessera.plan.DagBuilder;
import io.tessera.plan.GroupedAggregate;
import io.tessera.plan.OrderLimit;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Project;
import io.tessera.plan.RowFilter;
import io.tessera.plan.Scan;
import io.tessera.plan.TableWindow;
import io.tessera.plan.TimeBucket;
import io.tessera.spi.Source;
import io.tessera.sql.SqlExpr;
import io.tessera.sql.SqlPredicate;
import io.tessera.sql.SqlQuery;
import io.tessera.sql.SqlType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lowers a {@link SqlQuery} into physical DAG nodes: Scan (a table, or the series of a metric)
 * → TableWindow (the WHERE clause's time bounds, the columns used) → RowFilter (the rest of WHERE)
 * → TimeBucket per bucket expression → GroupedAggregate → RowFilter (HAVING) → OrderLimit → Project.
 * Key and aggregate columns get internal names ({@code $bucket0}, {@code $agg0}); the Project
 * names the output.
 */
public final class SqlLowering {

    private final DagBuilder dag;

    public SqlLowering(DagBuilder dag) {
        this.dag = dag;
    }

    /** A one-query DAG for {@code query}. */
    public static PhysicalDag lowerQuery(SqlQuery query) {
        DagBuilder builder = new DagBuilder();
        builder.root(new SqlLowering(builder).lower(query));
        return builder.build();
    }

    /** Adds {@code query} to the DAG and returns the id of its Project. */
    public int lower(SqlQuery q) {
        TableSchema table = q.table();
        int scan = dag.add(
                q.metric()
                        ? new Scan(Source.TIME_SERIES, metricMatchers(q))
                        : new Scan(new Source.Table(table.name()), List.of()));
        int node = dag.add(new TableWindow(
                scan,
                table.timeColumn(),
                usedColumns(q),
                q.time().startExclusive(),
                q.time().endInclusive()));
        if (q.where() != null) {
            node = dag.add(new RowFilter(node, q.where()));
        }
        Map<SqlExpr, SqlExpr.Column> names = new HashMap<>();
        int buckets = 0;
        for (SqlExpr e : bucketsUsed(q)) {
            SqlExpr.Bucket b = (SqlExpr.Bucket) e;
            String name = "$bucket" + buckets++;
            node = dag.add(new TimeBucket(node, b.column().name(), b.widthMs(), b.originMs(), name));
            names.put(b, new SqlExpr.Column(name, SqlType.TIMESTAMP));
        }
        if (q.aggregate()) {
            List<String> keys = new ArrayList<>();
            for (SqlExpr k : q.groupBy()) {
                keys.add(ref(k, names).name());
            }
            List<GroupedAggregate.Spec> specs = new ArrayList<>();
            for (SqlExpr.Aggregate a : aggregatesUsed(q)) {
                String name = "$agg" + specs.size();
                specs.add(new GroupedAggregate.Spec(
                        a.function(), a.argument() == null ? null : a.argument().name(), a.fraction(), name));
                names.put(a, new SqlExpr.Column(name, a.type()));
            }
            node = dag.add(new GroupedAggregate(node, keys, specs));
            if (q.having() != null) {
                node = dag.add(new RowFilter(node, renamed(q.having(), names)));
            }
        }
        if (!q.orderBy().isEmpty() || q.limit() >= 0) {
            List<OrderLimit.SortKey> keys = new ArrayList<>();
            for (SqlQuery.OrderItem o : q.orderBy()) {
                keys.add(new OrderLimit.SortKey(ref(o.expr(), names).name(), o.descending()));
            }
            node = dag.add(new OrderLimit(node, keys, q.limit()));
        }
        List<String> columns = new ArrayList<>();
        List<String> outputs = new ArrayList<>();
        List<SqlType> types = new ArrayList<>();
        for (SqlQuery.SelectItem item : q.select()) {
            if (item.expr() instanceof SqlExpr.Literal) {
                throw new InvalidInputException("unsupported SQL: a constant in the SELECT list");
            }
            columns.add(ref(item.expr(), names).name());
            outputs.add(item.name());
            types.add(item.expr().type());
        }
        return dag.add(new Project(node, columns, outputs, types));
    }

    /**
     * The metric's name, and each {@code label = 'x'} conjunct of WHERE, as a hint to the store; in
     * the order PromQL gives a selector's matchers, so that {@code x{job="a"}} and {@code ... FROM x
     * WHERE job = 'a'} scan, and share views of, the same series.
     */
    private static List<LabelMatcher> metricMatchers(SqlQuery q) {
        List<LabelMatcher> matchers = new ArrayList<>();
        addEqualities(q.where(), matchers);
        return new io.tessera.promql.VectorSelector(q.table().name(), matchers, 0, null).allMatchers();
    }

    private static void addEqualities(SqlPredicate p, List<LabelMatcher> out) {
        switch (p) {
            case null -> {}
            case SqlPredicate.And a -> {
                addEqualities(a.left(), out);
                addEqualities(a.right(), out);
            }
            case SqlPredicate.Compare(SqlExpr.Column c, SqlPredicate.Op op, SqlExpr.Literal l)
            when op == SqlPredicate.Op.EQ && c.type() == SqlType.VARCHAR ->
                out.add(LabelMatcher.equal(c.name(), (String) l.value()));
            default -> {}
        }
    }

    private static SqlExpr.Column ref(SqlExpr e, Map<SqlExpr, SqlExpr.Column> names) {
        return switch (e) {
            case SqlExpr.Column c -> c;
            default -> {
                SqlExpr.Column c = names.get(e);
                if (c == null) {
                    throw new IllegalStateException("no column computes " + e.toSql());
                }
                yield c;
            }
        };
    }

    private static SqlPredicate renamed(SqlPredicate p, Map<SqlExpr, SqlExpr.Column> names) {
        return switch (p) {
            case SqlPredicate.Compare c -> new SqlPredicate.Compare(ref(c.left(), names), c.op(), c.right());
            case SqlPredicate.In in -> new SqlPredicate.In(ref(in.left(), names), in.values(), in.negated());
            case SqlPredicate.And a -> new SqlPredicate.And(renamed(a.left(), names), renamed(a.right(), names));
            case SqlPredicate.Or o -> new SqlPredicate.Or(renamed(o.left(), names), renamed(o.right(), names));
            case SqlPredicate.Not n -> new SqlPredicate.Not(renamed(n.operand(), names));
        };
    }

    /** Every column the query reads, the time column first, in the table's order. */
    private static List<Column> usedColumns(SqlQuery q) {
        Set<String> used = new LinkedHashSet<>();
        used.add(q.table().timeColumn());
        List<SqlExpr> exprs = new ArrayList<>(q.groupBy());
        q.select().forEach(s -> exprs.add(s.expr()));
        q.orderBy().forEach(o -> exprs.add(o.expr()));
        collectPredicate(q.where(), exprs);
        collectPredicate(q.having(), exprs);
        for (SqlExpr e : exprs) {
            switch (e) {
                case SqlExpr.Column c -> used.add(c.name());
                case SqlExpr.Bucket b -> used.add(b.column().name());
                case SqlExpr.Aggregate a -> {
                    if (a.argument() != null) {
                        used.add(a.argument().name());
                    }
                }
                case SqlExpr.Literal l -> {}
            }
        }
        List<Column> columns = new ArrayList<>();
        for (Column c : q.table().rowSchema().columns()) {
            if (used.contains(c.name())) {
                columns.add(c.name().equals(q.table().timeColumn()) ? new Column(c.name(), ColumnType.LONG) : c);
            }
        }
        return columns;
    }

    private static void collectPredicate(SqlPredicate p, List<SqlExpr> out) {
        if (p != null) {
            p.comparedOperands().forEach(out::add);
        }
    }

    private static List<SqlExpr> bucketsUsed(SqlQuery q) {
        Set<SqlExpr> found = new LinkedHashSet<>();
        List<SqlExpr> exprs = new ArrayList<>(q.groupBy());
        q.select().forEach(s -> exprs.add(s.expr()));
        q.orderBy().forEach(o -> exprs.add(o.expr()));
        for (SqlExpr e : exprs) {
            if (e instanceof SqlExpr.Bucket) {
                found.add(e);
            }
        }
        return new ArrayList<>(found);
    }

    private static List<SqlExpr.Aggregate> aggregatesUsed(SqlQuery q) {
        Set<SqlExpr.Aggregate> found = new LinkedHashSet<>();
        List<SqlExpr> exprs = new ArrayList<>();
        q.select().forEach(s -> exprs.add(s.expr()));
        collectPredicate(q.having(), exprs);
        q.orderBy().forEach(o -> exprs.add(o.expr()));
        for (SqlExpr e : exprs) {
            if (e instanceof SqlExpr.Aggregate a) {
                found.add(a);
            }
        }
        return new ArrayList<>(found);
    }
}
