package io.tessera.exec.sql;

import java.util.HashMap;
import java.util.Map;

/**
 * Dense group ids for the rows of a table by the values of its key columns: {@code of[row]} in
 * {@code [0, count)}, groups numbered in order of first appearance, {@code first[g]} a row of group g.
 */
final class GroupIds {

    final int[] of;
    final int count;
    final int[] first;

    private GroupIds(int[] of, int count) {
        this.of = of;
        this.count = count;
        this.first = new int[count];
        java.util.Arrays.fill(first, -1);
        for (int r = of.length - 1; r >= 0; r--) {
            first[of[r]] = r;
        }
    }

    /** One group holding every row (no GROUP BY): it exists even over no rows. */
    static GroupIds single(int rows) {
        GroupIds g = new GroupIds(new int[rows], 1);
        return g;
    }

    static GroupIds of(RowTable table, int[] keyColumns) {
        int n = table.rows;
        if (keyColumns.length == 0) {
            return single(n);
        }
        int[] codes = new int[n];
        int cardinality = codes(table.columns[keyColumns[0]], n, codes);
        int[] next = new int[n];
        for (int k = 1; k < keyColumns.length; k++) {
            int card = codes(table.columns[keyColumns[k]], n, next);
            LongIntMap combined = new LongIntMap(Math.min(n, 1 << 16));
            for (int r = 0; r < n; r++) {
                codes[r] = combined.code((long) codes[r] * card + next[r]);
            }
            cardinality = combined.size();
        }
        return new GroupIds(codes, cardinality);
    }

    /** Dense codes of one column's values into {@code out}; returns how many distinct values there are. */
    static int codes(Object column, int n, int[] out) {
        switch (column) {
            case long[] a -> {
                LongIntMap map = new LongIntMap(Math.min(n, 1 << 16));
                for (int r = 0; r < n; r++) {
                    out[r] = map.code(a[r]);
                }
                return map.size();
            }
            case double[] a -> {
                LongIntMap map = new LongIntMap(Math.min(n, 1 << 16));
                for (int r = 0; r < n; r++) {
                    double v = a[r] == 0.0 ? 0.0 : a[r];
                    out[r] = map.code(Double.doubleToLongBits(v));
                }
                return map.size();
            }
            case String[] a -> {
                Map<String, Integer> map = new HashMap<>();
                for (int r = 0; r < n; r++) {
                    Integer code = map.get(a[r]);
                    if (code == null) {
                        code = map.size();
                        map.put(a[r], code);
                    }
                    out[r] = code;
                }
                return map.size();
            }
            case Object[] a -> {
                Map<Object, Integer> map = new HashMap<>();
                for (int r = 0; r < n; r++) {
                    out[r] = map.computeIfAbsent(a[r], x -> map.size());
                }
                return map.size();
            }
            default -> throw new IllegalStateException("column of " + column.getClass());
        }
    }
}
