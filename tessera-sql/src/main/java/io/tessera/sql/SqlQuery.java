package io.tessera.sql;

import io.tessera.core.TableSchema;
import java.util.List;

/**
 * One SELECT in the frontend's form, names resolved and types known. {@code table} is the table
 * read (for a metric, a schema the frontend made: {@code ts}, the label columns the query names
 * as STRING dimensions, {@code value} as a DOUBLE measure). {@code where} holds what is left of
 * WHERE once its time bounds are taken out (null when nothing is); {@code groupBy} is empty for
 * a query without GROUP BY, and {@code aggregate} says whether the query aggregates at all.
 * {@code limit} is -1 when there is none.
 */
public record SqlQuery(
        TableSchema table,
        boolean metric,
        List<SelectItem> select,
        TimeBounds time,
        SqlPredicate where,
        boolean aggregate,
        List<SqlExpr> groupBy,
        SqlPredicate having,
        List<OrderItem> orderBy,
        long limit) {

    public SqlQuery {
        select = List.copyOf(select);
        groupBy = List.copyOf(groupBy);
        orderBy = List.copyOf(orderBy);
    }

    /** One output column: its expression and its name. */
    public record SelectItem(SqlExpr expr, String name) {}

    public record OrderItem(SqlExpr expr, boolean descending) {}
}
