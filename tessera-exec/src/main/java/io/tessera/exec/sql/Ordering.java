package io.tessera.exec.sql;

import io.tessera.plan.OrderLimit;
import java.util.Arrays;
import java.util.Comparator;

/** ORDER BY (stable, NULLs last in both directions, as DuckDB) and LIMIT. */
final class Ordering {

    private Ordering() {
    }

    static RowTable apply(RowTable in, OrderLimit node) {
        int n = in.rows;
        int limit = node.limit() < 0 || node.limit() > n ? n : (int) node.limit();
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        if (!node.keys().isEmpty()) {
            Comparator<Integer> cmp = null;
            for (OrderLimit.SortKey key : node.keys()) {
                int col = in.index(key.column());
                boolean desc = key.descending();
                Comparator<Integer> c = (x, y) -> {
                    Object a = in.value(col, x);
                    Object b = in.value(col, y);
                    if (a == null || b == null) {
                        return a == null ? (b == null ? 0 : 1) : -1;
                    }
                    int r = RowFilters.compareValues(a, b);
                    return desc ? -r : r;
                };
                cmp = cmp == null ? c : cmp.thenComparing(c);
            }
            Integer[] boxed = new Integer[n];
            for (int i = 0; i < n; i++) {
                boxed[i] = i;
            }
            Arrays.sort(boxed, cmp);
            for (int i = 0; i < limit; i++) {
                order[i] = boxed[i];
            }
        }
        return in.select(order, limit);
    }
}
