package io.tessera.spi;

import java.util.List;

/**
 * A condition on a table's rows given to a read as a hint ({@link RawDataRequest#rows()}):
 * comparisons of a column with a constant, lists of constants, and AND, OR, NOT of them. Tables
 * hold no NULL, so a condition is true or false for every row. A store tests what it can and may
 * keep rows the condition excludes; the executor applies its own condition again.
 *
 * <p>Constants are {@link Long} (integers, and times in epoch ms), {@link Double} or
 * {@link String}. Numbers compare as the executor compares them: a long with a double as two
 * doubles, {@code -0.0} equal to {@code 0.0}, NaN above every number; strings by UTF-16 code
 * units.
 */
public sealed interface RowPredicate {

    enum Comparison {
        EQ,
        NE,
        LT,
        LE,
        GT,
        GE;

        /** Whether {@code compare(a, b)} (negative, zero, positive) satisfies the comparison. */
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

    /** {@code column op value}. */
    record Compare(String column, Comparison op, Object value) implements RowPredicate {
        public Compare {
            requireConstant(value);
        }
    }

    /** {@code column IN (values)}. */
    record In(String column, List<Object> values) implements RowPredicate {
        public In {
            values = List.copyOf(values);
            values.forEach(RowPredicate::requireConstant);
        }
    }

    record And(RowPredicate left, RowPredicate right) implements RowPredicate {}

    record Or(RowPredicate left, RowPredicate right) implements RowPredicate {}

    record Not(RowPredicate operand) implements RowPredicate {}

    private static void requireConstant(Object value) {
        if (!(value instanceof Long || value instanceof Double || value instanceof String)) {
            throw new IllegalArgumentException("a row condition compares with a Long, a Double or a String, not "
                    + (value == null ? "null" : value.getClass().getSimpleName()));
        }
    }
}
