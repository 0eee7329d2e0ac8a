package io.tessera.store.table;

import io.tessera.core.Schema;
import io.tessera.spi.RowPredicate;

/**
 * A read's row condition tested on a chunk's own arrays, before any column is copied or decoded:
 * numbers compared in place, strings by their dictionary code, each code's answer worked out once
 * per read (one read is one thread's). Tables hold no NULL, so the condition is two-valued and keeps exactly the rows the
 * executor's filter keeps; a condition it cannot test (a column the table lacks, a value of
 * another type) keeps every row, and the executor filters them.
 */
final class ChunkCondition {

    /** One row's answer. */
    interface Test {
        boolean test(int row);
    }

    private final RowPredicate predicate;
    private final Schema rowSchema;
    private final String[][] dictionaries;
    private final java.util.Map<String, byte[]> answers = new java.util.HashMap<>();

    private ChunkCondition(RowPredicate predicate, Schema rowSchema, String[][] dictionaries) {
        this.predicate = predicate;
        this.rowSchema = rowSchema;
        this.dictionaries = dictionaries;
    }

    /**
     * {@code predicate} over a table of {@code rowSchema} whose string columns' values are
     * {@code dictionaries}; null when it cannot be tested here.
     */
    static ChunkCondition of(RowPredicate predicate, Schema rowSchema, String[][] dictionaries) {
        ChunkCondition c = new ChunkCondition(predicate, rowSchema, dictionaries);
        return c.testable(predicate) ? c : null;
    }

    private boolean testable(RowPredicate p) {
        return switch (p) {
            case RowPredicate.And a -> testable(a.left()) && testable(a.right());
            case RowPredicate.Or o -> testable(o.left()) && testable(o.right());
            case RowPredicate.Not n -> testable(n.operand());
            case RowPredicate.Compare c -> fits(c.column(), c.value());
            case RowPredicate.In in -> in.values().stream().allMatch(v -> fits(in.column(), v));
        };
    }

    /** Whether a comparison of {@code column} with {@code constant} is one this class tests as the executor does. */
    private boolean fits(String column, Object constant) {
        if (rowSchema.indexOf(column) < 0) {
            return false;
        }
        return switch (rowSchema.column(rowSchema.indexOf(column)).type()) {
            case LONG, DOUBLE -> constant instanceof Number;
            case STRING -> constant instanceof String;
            case LABELS -> false;
        };
    }

    /** The condition bound to rows of {@code chunk}. */
    Test bind(TableChunk chunk) {
        return bind(predicate, chunk);
    }

    private Test bind(RowPredicate p, TableChunk chunk) {
        return switch (p) {
            case RowPredicate.And a -> {
                Test l = bind(a.left(), chunk);
                Test r = bind(a.right(), chunk);
                yield row -> l.test(row) && r.test(row);
            }
            case RowPredicate.Or o -> {
                Test l = bind(o.left(), chunk);
                Test r = bind(o.right(), chunk);
                yield row -> l.test(row) || r.test(row);
            }
            case RowPredicate.Not n -> {
                Test t = bind(n.operand(), chunk);
                yield row -> !t.test(row);
            }
            case RowPredicate.Compare c -> compare(chunk, c.column(), c.op(), c.value());
            case RowPredicate.In in -> {
                Test[] equals = new Test[in.values().size()];
                for (int i = 0; i < equals.length; i++) {
                    equals[i] = compare(
                            chunk,
                            in.column(),
                            RowPredicate.Comparison.EQ,
                            in.values().get(i));
                }
                yield row -> {
                    for (Test e : equals) {
                        if (e.test(row)) {
                            return true;
                        }
                    }
                    return false;
                };
            }
        };
    }

    private Test compare(TableChunk chunk, String column, RowPredicate.Comparison op, Object value) {
        int position = rowSchema.indexOf(column);
        Object array = position == 0 ? chunk.ts : chunk.columns[position - 1];
        return switch (array) {
            case long[] a
            when value instanceof Long l -> {
                long x = l;
                yield row -> op.test(Long.compare(a[row], x));
            }
            case long[] a -> {
                double x = ((Number) value).doubleValue();
                yield row -> op.test(compareDoubles(a[row], x));
            }
            case double[] a -> {
                double x = ((Number) value).doubleValue();
                yield row -> op.test(compareDoubles(a[row], x));
            }
            case int[] codes -> {
                String[] values = dictionaries[position - 1];
                // each code's answer once per read, as rows ask: 0 not known yet, 1 meets, 2 does not
                byte[] known = answers.computeIfAbsent(column + ' ' + op + ' ' + value, k -> new byte[values.length]);
                String x = (String) value;
                yield row -> {
                    int code = codes[row];
                    if (known[code] == 0) {
                        known[code] = op.test(values[code].compareTo(x)) ? (byte) 1 : (byte) 2;
                    }
                    return known[code] == 1;
                };
            }
            default -> throw new IllegalStateException("column " + column);
        };
    }

    /** The executor's order of two doubles: -0.0 equals 0.0, NaN above every number. */
    private static int compareDoubles(double a, double b) {
        return a < b ? -1 : a > b ? 1 : a == b ? 0 : Double.compare(a, b);
    }
}
