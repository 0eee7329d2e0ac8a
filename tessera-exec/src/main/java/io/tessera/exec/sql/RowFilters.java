package io.tessera.exec.sql;

import io.tessera.sql.SqlExpr;
import io.tessera.sql.SqlPredicate;

/**
 * Evaluates WHERE and HAVING conditions row by row with SQL's three-valued logic: a comparison
 * with NULL is unknown, and only rows whose condition is true are kept.
 */
final class RowFilters {

    static final int FALSE = 0;
    static final int TRUE = 1;
    static final int UNKNOWN = 2;

    /** A compiled condition: TRUE, FALSE or UNKNOWN for one row. */
    interface Condition {
        int test(int row);
    }

    private RowFilters() {}

    static RowTable filter(RowTable table, SqlPredicate predicate) {
        Condition condition = compile(predicate, table);
        int[] keep = new int[table.rows];
        int n = 0;
        for (int r = 0; r < table.rows; r++) {
            if (condition.test(r) == TRUE) {
                keep[n++] = r;
            }
        }
        return n == table.rows ? table : table.select(keep, n);
    }

    /**
     * AND ({@code dominant} FALSE) or OR ({@code dominant} TRUE) in three-valued logic: either side's
     * dominant answer decides, both sides' other answer gives it, anything else is UNKNOWN.
     */
    private static Condition junction(Condition l, Condition r, int dominant) {
        int other = 1 - dominant;
        return row -> {
            int x = l.test(row);
            if (x == dominant) {
                return dominant;
            }
            int y = r.test(row);
            return y == dominant ? dominant : x == other && y == other ? other : UNKNOWN;
        };
    }

    static Condition compile(SqlPredicate p, RowTable t) {
        return switch (p) {
            case SqlPredicate.And a -> junction(compile(a.left(), t), compile(a.right(), t), FALSE);
            case SqlPredicate.Or o -> junction(compile(o.left(), t), compile(o.right(), t), TRUE);
            case SqlPredicate.Not n -> {
                Condition c = compile(n.operand(), t);
                yield row -> {
                    int x = c.test(row);
                    return x == UNKNOWN ? UNKNOWN : 1 - x;
                };
            }
            case SqlPredicate.Compare c -> compare(t, column(c.left(), t), c.op(), c.right());
            case SqlPredicate.In in -> {
                int col = column(in.left(), t);
                Condition[] equals = new Condition[in.values().size()];
                for (int i = 0; i < equals.length; i++) {
                    equals[i] = compare(t, col, SqlPredicate.Op.EQ, in.values().get(i));
                }
                boolean negated = in.negated();
                yield row -> {
                    int result = FALSE;
                    for (Condition e : equals) {
                        int x = e.test(row);
                        if (x == TRUE) {
                            result = TRUE;
                            break;
                        }
                        if (x == UNKNOWN) {
                            result = UNKNOWN;
                        }
                    }
                    return negated && result != UNKNOWN ? 1 - result : result;
                };
            }
        };
    }

    private static int column(SqlExpr e, RowTable t) {
        if (!(e instanceof SqlExpr.Column c)) {
            throw new IllegalStateException("a row filter compares columns, not " + e.toSql());
        }
        return t.index(c.name());
    }

    private static Condition compare(RowTable t, int col, SqlPredicate.Op op, SqlExpr.Literal literal) {
        Object v = literal.value();
        return switch (t.columns[col]) {
            case long[] a
            when v instanceof Long l -> {
                long x = l;
                yield row -> op.test(Long.compare(a[row], x)) ? TRUE : FALSE;
            }
            case long[] a -> {
                double x = ((Number) v).doubleValue();
                yield row -> op.test(compareDoubles(a[row], x)) ? TRUE : FALSE;
            }
            case double[] a -> {
                double x = ((Number) v).doubleValue();
                yield row -> op.test(compareDoubles(a[row], x)) ? TRUE : FALSE;
            }
            case String[] a -> {
                String x = (String) v;
                yield row -> op.test(a[row].compareTo(x)) ? TRUE : FALSE;
            }
            case Object[] a ->
                row -> {
                    Object y = a[row];
                    return y == null ? UNKNOWN : op.test(compareValues(y, v)) ? TRUE : FALSE;
                };
            default -> throw new IllegalStateException("column " + t.names.get(col));
        };
    }

    /** SQL order of two doubles: -0.0 equals 0.0. */
    static int compareDoubles(double a, double b) {
        return a < b ? -1 : a > b ? 1 : a == b ? 0 : Double.compare(a, b);
    }

    /** SQL order of two non-NULL values of comparable types (numbers with numbers, strings with strings). */
    static int compareValues(Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            return Long.compare(x, y);
        }
        if (a instanceof Number x && b instanceof Number y) {
            return compareDoubles(x.doubleValue(), y.doubleValue());
        }
        if (a instanceof String x && b instanceof String y) {
            return x.compareTo(y);
        }
        if (a instanceof java.util.List<?> || b instanceof java.util.List<?>) {
            throw new io.tessera.core.InvalidInputException(
                    "unsupported SQL: comparing or ordering by an array (topK)");
        }
        throw new IllegalStateException("cannot compare " + a + " with " + b);
    }
}
