package io.tessera.sql;

import io.tessera.spi.RowPredicate.Comparison;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** A boolean condition of WHERE or HAVING. */
public sealed interface SqlPredicate {

    String toSql();

    /**
     * The columns the condition compares, in first-use order; null when one of its comparisons
     * has an expression other than a column on its left (a HAVING condition may).
     */
    default Set<String> comparedColumns() {
        Set<String> out = new LinkedHashSet<>();
        return collectColumns(this, out) ? out : null;
    }

    private static boolean collectColumns(SqlPredicate p, Set<String> out) {
        return switch (p) {
            case And a -> collectColumns(a.left(), out) && collectColumns(a.right(), out);
            case Or o -> collectColumns(o.left(), out) && collectColumns(o.right(), out);
            case Not n -> collectColumns(n.operand(), out);
            case Compare c -> addColumn(c.left(), out);
            case In in -> addColumn(in.left(), out);
        };
    }

    private static boolean addColumn(SqlExpr e, Set<String> out) {
        if (!(e instanceof SqlExpr.Column c)) {
            return false;
        }
        out.add(c.name());
        return true;
    }

    enum Op {
        EQ("=", Comparison.EQ),
        NE("<>", Comparison.NE),
        LT("<", Comparison.LT),
        LE("<=", Comparison.LE),
        GT(">", Comparison.GT),
        GE(">=", Comparison.GE);

        private final String symbol;
        private final Comparison comparison;

        Op(String symbol, Comparison comparison) {
            this.symbol = symbol;
            this.comparison = comparison;
        }

        public String symbol() {
            return symbol;
        }

        /** The same comparison as a row condition given to a store. */
        public Comparison comparison() {
            return comparison;
        }

        /** The operator with its operands swapped: {@code a < b} is {@code b > a}. */
        public Op flipped() {
            return switch (this) {
                case EQ, NE -> this;
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
            };
        }

        /** Whether {@code compare(a, b)} (negative, zero, positive) satisfies the operator. */
        public boolean test(int compare) {
            return comparison.test(compare);
        }
    }

    /** {@code left op right}: left is a column (WHERE) or any expression of the output (HAVING), right a constant. */
    record Compare(SqlExpr left, Op op, SqlExpr.Literal right) implements SqlPredicate {
        @Override
        public String toSql() {
            return left.toSql() + " " + op.symbol() + " " + right.toSql();
        }
    }

    /** {@code left [NOT] IN (values)}. */
    record In(SqlExpr left, List<SqlExpr.Literal> values, boolean negated) implements SqlPredicate {
        public In {
            values = List.copyOf(values);
        }

        @Override
        public String toSql() {
            StringBuilder sb = new StringBuilder(left.toSql()).append(negated ? " NOT IN (" : " IN (");
            for (int i = 0; i < values.size(); i++) {
                sb.append(i == 0 ? "" : ", ").append(values.get(i).toSql());
            }
            return sb.append(')').toString();
        }
    }

    record And(SqlPredicate left, SqlPredicate right) implements SqlPredicate {
        @Override
        public String toSql() {
            return "(" + left.toSql() + " AND " + right.toSql() + ")";
        }
    }

    record Or(SqlPredicate left, SqlPredicate right) implements SqlPredicate {
        @Override
        public String toSql() {
            return "(" + left.toSql() + " OR " + right.toSql() + ")";
        }
    }

    record Not(SqlPredicate operand) implements SqlPredicate {
        @Override
        public String toSql() {
            return "(NOT " + operand.toSql() + ")";
        }
    }
}
