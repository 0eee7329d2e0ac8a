package io.tessera.sql;

import java.util.List;

/** A boolean condition of WHERE or HAVING. */
public sealed interface SqlPredicate {

    String toSql();

    enum Op {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
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
            return switch (this) {
                case EQ -> compare == 0;
                case NE -> compare != 0;
                case LT -> compare < 0;
                case LE -> compare <= 0;
                case GT -> compare > 0;
                case GE -> compare >= 0;
            };
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
