package io.tessera.exec.sql;

import io.tessera.core.InvalidInputException;
import io.tessera.exec.context.RunContext;
import io.tessera.plan.GroupedAggregate;
import io.tessera.sketch.DistinctState;
import io.tessera.sketch.ErrorBound;
import io.tessera.sql.AggregateFunction;
import io.tessera.sql.SqlType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Exact grouped aggregation over a table (and CPC for approx_count_distinct): group ids first,
 * then one pass per aggregate over primitive arrays. A group with no rows (only the single group
 * of a query without GROUP BY can have none) gives COUNT 0 and NULL for every other aggregate.
 */
final class Aggregation {

    private Aggregation() {}

    static RowTable aggregate(
            RowTable in, GroupedAggregate node, RunContext context, Consumer<ErrorBound> approximate) {
        int[] keyColumns = new int[node.keys().size()];
        for (int k = 0; k < keyColumns.length; k++) {
            keyColumns[k] = in.index(node.keys().get(k));
        }
        GroupIds groups = GroupIds.of(in, keyColumns);
        context.checkAlive();
        List<String> names = new ArrayList<>();
        List<SqlType> types = new ArrayList<>();
        List<Object> columns = new ArrayList<>();
        for (int k = 0; k < keyColumns.length; k++) {
            names.add(node.keys().get(k));
            types.add(in.types.get(keyColumns[k]));
            columns.add(keyColumn(in.columns[keyColumns[k]], groups));
        }
        for (GroupedAggregate.Spec spec : node.aggregates()) {
            int col = spec.column() == null ? -1 : in.index(spec.column());
            Object values = col < 0 ? null : in.columns[col];
            SqlType argType = col < 0 ? null : in.types.get(col);
            names.add(spec.output());
            types.add(resultType(spec.function(), argType));
            columns.add(
                    switch (spec.function()) {
                        case COUNT -> boxLongs(counts(groups), null);
                        case SUM -> sum(values, groups);
                        case AVG -> avg(values, groups);
                        case MIN, MAX -> extremum(values, groups, spec.function() == AggregateFunction.MIN);
                        case COUNT_DISTINCT -> boxLongs(distinctCounts(values, groups, in.rows), null);
                        case APPROX_COUNT_DISTINCT -> approxDistinct(values, groups, approximate);
                        case QUANTILE -> ExactQuantiles.of(values, groups, spec.fraction());
                        case TOP_K -> TopValues.of(values, groups, (int) spec.fraction());
                    });
            context.checkAlive();
        }
        return new RowTable(names, types, columns.toArray(), groups.count);
    }

    static SqlType resultType(AggregateFunction f, SqlType arg) {
        return switch (f) {
            case COUNT, COUNT_DISTINCT, APPROX_COUNT_DISTINCT -> SqlType.BIGINT;
            case SUM -> arg == SqlType.BIGINT ? SqlType.BIGINT : SqlType.DOUBLE;
            case AVG, QUANTILE -> SqlType.DOUBLE;
            case MIN, MAX -> arg;
            case TOP_K -> arg.array();
        };
    }

    private static Object keyColumn(Object column, GroupIds g) {
        return switch (column) {
            case long[] a -> {
                long[] out = new long[g.count];
                for (int i = 0; i < g.count; i++) {
                    out[i] = a[g.first[i]];
                }
                yield out;
            }
            case double[] a -> {
                double[] out = new double[g.count];
                for (int i = 0; i < g.count; i++) {
                    out[i] = a[g.first[i]];
                }
                yield out;
            }
            case String[] a -> {
                String[] out = new String[g.count];
                for (int i = 0; i < g.count; i++) {
                    out[i] = a[g.first[i]];
                }
                yield out;
            }
            default -> throw new IllegalStateException("key column of " + column.getClass());
        };
    }

    private static long[] counts(GroupIds g) {
        long[] counts = new long[g.count];
        for (int group : g.of) {
            counts[group]++;
        }
        return counts;
    }

    /** Boxed per-group values; a group with no rows ({@code counts[g] == 0}) is NULL when counts are given. */
    private static Object[] boxLongs(long[] values, long[] counts) {
        Object[] out = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = counts != null && counts[i] == 0 ? null : values[i];
        }
        return out;
    }

    private static Object[] boxDoubles(double[] values, long[] counts) {
        Object[] out = new Object[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = counts[i] == 0 ? null : values[i];
        }
        return out;
    }

    private static Object[] sum(Object values, GroupIds g) {
        long[] counts = counts(g);
        int[] of = g.of;
        return switch (values) {
            case long[] a -> {
                long[] sums = new long[g.count];
                try {
                    for (int r = 0; r < of.length; r++) {
                        sums[of[r]] = Math.addExact(sums[of[r]], a[r]);
                    }
                } catch (ArithmeticException e) {
                    throw new InvalidInputException("integer overflow in sum()");
                }
                yield boxLongs(sums, counts);
            }
            case double[] a -> {
                double[] sums = new double[g.count];
                for (int r = 0; r < of.length; r++) {
                    sums[of[r]] += a[r];
                }
                yield boxDoubles(sums, counts);
            }
            default -> throw new IllegalStateException("sum of " + values.getClass());
        };
    }

    private static Object[] avg(Object values, GroupIds g) {
        long[] counts = counts(g);
        int[] of = g.of;
        double[] avgs = new double[g.count];
        switch (values) {
            case long[] a -> {
                long[] sums = new long[g.count];
                boolean overflow = false;
                for (int r = 0; r < of.length; r++) {
                    long s = sums[of[r]];
                    long t = s + a[r];
                    overflow |= ((s ^ t) & (a[r] ^ t)) < 0;
                    sums[of[r]] = t;
                }
                if (overflow) {
                    java.math.BigInteger[] big = new java.math.BigInteger[g.count];
                    Arrays.fill(big, java.math.BigInteger.ZERO);
                    for (int r = 0; r < of.length; r++) {
                        big[of[r]] = big[of[r]].add(java.math.BigInteger.valueOf(a[r]));
                    }
                    for (int i = 0; i < g.count; i++) {
                        avgs[i] = new java.math.BigDecimal(big[i]).doubleValue() / counts[i];
                    }
                } else {
                    for (int i = 0; i < g.count; i++) {
                        avgs[i] = (double) sums[i] / counts[i];
                    }
                }
            }
            case double[] a -> {
                double[] sums = new double[g.count];
                for (int r = 0; r < of.length; r++) {
                    sums[of[r]] += a[r];
                }
                for (int i = 0; i < g.count; i++) {
                    avgs[i] = sums[i] / counts[i];
                }
            }
            default -> throw new IllegalStateException("avg of " + values.getClass());
        }
        return boxDoubles(avgs, counts);
    }

    private static Object[] extremum(Object values, GroupIds g, boolean min) {
        long[] counts = counts(g);
        int[] of = g.of;
        return switch (values) {
            case long[] a -> {
                long[] best = new long[g.count];
                Arrays.fill(best, min ? Long.MAX_VALUE : Long.MIN_VALUE);
                for (int r = 0; r < of.length; r++) {
                    int i = of[r];
                    best[i] = min ? Math.min(best[i], a[r]) : Math.max(best[i], a[r]);
                }
                yield boxLongs(best, counts);
            }
            case double[] a -> {
                double[] best = new double[g.count];
                Arrays.fill(best, min ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY);
                for (int r = 0; r < of.length; r++) {
                    int i = of[r];
                    best[i] = min ? Math.min(best[i], a[r]) : Math.max(best[i], a[r]);
                }
                yield boxDoubles(best, counts);
            }
            case String[] a -> {
                Object[] best = new Object[g.count];
                for (int r = 0; r < of.length; r++) {
                    int i = of[r];
                    String cur = (String) best[i];
                    if (cur == null || (min ? a[r].compareTo(cur) < 0 : a[r].compareTo(cur) > 0)) {
                        best[i] = a[r];
                    }
                }
                yield best;
            }
            default -> throw new IllegalStateException("min/max of " + values.getClass());
        };
    }

    private static long[] distinctCounts(Object values, GroupIds g, int rows) {
        int[] codes = new int[rows];
        int card = GroupIds.codes(values, rows, codes);
        long[] counts = new long[g.count];
        LongIntMap seen = new LongIntMap(Math.min(rows, 1 << 16));
        for (int r = 0; r < rows; r++) {
            int before = seen.size();
            seen.code((long) g.of[r] * card + codes[r]);
            if (seen.size() > before) {
                counts[g.of[r]]++;
            }
        }
        return counts;
    }

    private static Object[] approxDistinct(Object values, GroupIds g, Consumer<ErrorBound> approximate) {
        DistinctState[] states = new DistinctState[g.count];
        for (int i = 0; i < g.count; i++) {
            states[i] = new DistinctState();
        }
        int[] of = g.of;
        switch (values) {
            case long[] a -> {
                for (int r = 0; r < of.length; r++) {
                    states[of[r]].update(0L, (double) a[r]);
                }
            }
            case double[] a -> {
                for (int r = 0; r < of.length; r++) {
                    states[of[r]].update(0L, a[r]);
                }
            }
            case String[] a -> {
                for (int r = 0; r < of.length; r++) {
                    states[of[r]].update(a[r]);
                }
            }
            default -> throw new IllegalStateException("approx_count_distinct of " + values.getClass());
        }
        Object[] out = new Object[g.count];
        for (int i = 0; i < g.count; i++) {
            out[i] = Math.round(states[i].estimate());
            approximate.accept(states[i].errorBound());
        }
        return out;
    }
}
