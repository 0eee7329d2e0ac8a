package io.tessera.exec.sql;

import io.tessera.spi.RowPredicate;
import io.tessera.sql.SqlExpr;
import io.tessera.sql.SqlPredicate;
import java.util.ArrayList;
import java.util.List;

/**
 * A SQL condition as the row condition a table read is given as a hint: what the storage
 * interface cannot say (a comparison whose left side is not a column) is left out where the
 * hint then keeps more rows, never fewer: a conjunct is dropped, and a disjunction or a negation
 * with such a part is not pushed at all. The executor filters by the whole condition again.
 */
public final class RowPredicates {

    private RowPredicates() {}

    /**
     * A condition met by every row that meets {@code condition} (and perhaps by more); null when
     * nothing of it can be said, or {@code condition} is null.
     */
    public static RowPredicate pushable(SqlPredicate condition) {
        if (condition == null) {
            return null;
        }
        return switch (condition) {
            case SqlPredicate.And and -> {
                RowPredicate left = pushable(and.left());
                RowPredicate right = pushable(and.right());
                yield left == null ? right : right == null ? left : new RowPredicate.And(left, right);
            }
            case SqlPredicate.Or or -> {
                RowPredicate left = pushable(or.left());
                RowPredicate right = pushable(or.right());
                yield left == null || right == null ? null : new RowPredicate.Or(left, right);
            }
            default -> exact(condition);
        };
    }

    /** The same condition, or null when part of it cannot be said. */
    static RowPredicate exact(SqlPredicate condition) {
        return switch (condition) {
            case SqlPredicate.And and -> both(exact(and.left()), exact(and.right()), true);
            case SqlPredicate.Or or -> both(exact(or.left()), exact(or.right()), false);
            case SqlPredicate.Not not -> {
                RowPredicate operand = exact(not.operand());
                yield operand == null ? null : new RowPredicate.Not(operand);
            }
            case SqlPredicate.Compare compare ->
                compare.left() instanceof SqlExpr.Column column
                        ? new RowPredicate.Compare(
                                column.name(),
                                compare.op().comparison(),
                                compare.right().value())
                        : null;
            case SqlPredicate.In in -> {
                if (!(in.left() instanceof SqlExpr.Column column)) {
                    yield null;
                }
                List<Object> values = new ArrayList<>(in.values().size());
                for (SqlExpr.Literal literal : in.values()) {
                    values.add(literal.value());
                }
                RowPredicate list = new RowPredicate.In(column.name(), values);
                yield in.negated() ? new RowPredicate.Not(list) : list;
            }
        };
    }

    private static RowPredicate both(RowPredicate left, RowPredicate right, boolean and) {
        if (left == null || right == null) {
            return null;
        }
        return and ? new RowPredicate.And(left, right) : new RowPredicate.Or(left, right);
    }
}
