package io.tessera.sql;

import io.tessera.spi.RowPredicate.Comparison;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** A boolean condition of WHERE or HAVING. */
public sealed interface SqlPredicate {

    String toSql();

    /**
     * The columns the condition compares, in first-use order; null when one of its comparisons
     * has an expression other than a column on its left (a HAVING condition may).
     */
    default Set<String> comparedColumns() {
        List<SqlExpr> operands = comparedOperands().toList();
        if (!operands.stream().allMatch(SqlExpr.Column.class::isInstance)) {
            return null;
        }
        Set<String> out = new LinkedHashSet<>();
        operands.forEach(e -> out.add(((SqlExpr.Column) e).name()));
        return out;
    }

    /** The left operands of the condition's comparisons and IN lists, in the order they are written. */
    default Stream<SqlExpr> comparedOperands() {
        return switch (this) {
            case Compare c -> Stream.of(c.left());
            case In in -> Stream.of(in.left());
            case And a -> Stream.concat(a.left().comparedOperands(), a.right().comparedOperands());
            case Or o -> Stream.concat(o.left().comparedOperands(), o.right().comparedOperands());
            case Not n -> n.operand().comparedOperands();
        };
    }

    enum Op {
        EQ("="),
        NE("<>"),
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">=");

        private final String symbol;
        /** The store's comparison of the same name. */
        private final Comparison comparison;

        Op(String symbol) {
            this.symbol = symbol;
            this.comparison = Comparison.valueOf(name());
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
