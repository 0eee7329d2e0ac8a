package io.tessera.exec.sql;

import io.tessera.plan.OrderLimit;
import java.util.Arrays;

/**
 * ORDER BY (NULLs last in both directions, as DuckDB; ties keep input order) and LIMIT. With a
 * LIMIT k the first k rows are kept in a bounded heap, so ordering n rows costs n log k.
 */
final class Ordering {

    private final Object[] columns;
    private final boolean[] descending;

    private Ordering(RowTable in, OrderLimit node) {
        columns = new Object[node.keys().size()];
        descending = new boolean[columns.length];
        for (int k = 0; k < columns.length; k++) {
            columns[k] = in.columns[in.index(node.keys().get(k).column())];
            descending[k] = node.keys().get(k).descending();
        }
    }

    static RowTable apply(RowTable in, OrderLimit node) {
        int n = in.rows;
        int limit = node.limit() < 0 || node.limit() > n ? n : (int) node.limit();
        int[] order;
        if (node.keys().isEmpty()) {
            order = new int[limit];
            for (int i = 0; i < limit; i++) {
                order[i] = i;
            }
        } else {
            Ordering o = new Ordering(in, node);
            order = limit < n / 4 ? o.firstRows(n, limit) : o.sortedRows(n, limit);
        }
        return in.select(order, limit);
    }

    /** Row {@code x} before row {@code y}: negative; the keys, then the row number. */
    private int compare(int x, int y) {
        for (int k = 0; k < columns.length; k++) {
            int c;
            switch (columns[k]) {
                case long[] a -> c = Long.compare(a[x], a[y]);
                case double[] a -> c = RowFilters.compareDoubles(a[x], a[y]);
                case String[] a -> c = a[x].compareTo(a[y]);
                case Object[] a -> {
                    Object p = a[x];
                    Object q = a[y];
                    if (p == null || q == null) {
                        if (p != q) {
                            return p == null ? 1 : -1;
                        }
                        c = 0;
                    } else {
                        c = RowFilters.compareValues(p, q);
                    }
                }
                default -> throw new IllegalStateException("sort key of " + columns[k].getClass());
            }
            if (c != 0) {
                return descending[k] ? -c : c;
            }
        }
        return Integer.compare(x, y);
    }

    private int[] sortedRows(int n, int limit) {
        Integer[] boxed = new Integer[n];
        for (int i = 0; i < n; i++) {
            boxed[i] = i;
        }
        Arrays.sort(boxed, this::compare);
        int[] out = new int[limit];
        for (int i = 0; i < limit; i++) {
            out[i] = boxed[i];
        }
        return out;
    }

    /** The first {@code limit} rows in order, through a max-heap of the best rows seen. */
    private int[] firstRows(int n, int limit) {
        if (limit == 0) {
            return new int[0];
        }
        int[] heap = new int[limit];
        int size = 0;
        for (int r = 0; r < n; r++) {
            if (size < limit) {
                heap[size] = r;
                siftUp(heap, size++);
            } else if (compare(r, heap[0]) < 0) {
                heap[0] = r;
                siftDown(heap, size);
            }
        }
        Integer[] boxed = new Integer[size];
        for (int i = 0; i < size; i++) {
            boxed[i] = heap[i];
        }
        Arrays.sort(boxed, this::compare);
        int[] out = new int[size];
        for (int i = 0; i < size; i++) {
            out[i] = boxed[i];
        }
        return out;
    }

    private void siftUp(int[] heap, int i) {
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (compare(heap[i], heap[parent]) <= 0) {
                return;
            }
            swap(heap, i, parent);
            i = parent;
        }
    }

    private void siftDown(int[] heap, int size) {
        int i = 0;
        while (true) {
            int l = 2 * i + 1;
            if (l >= size) {
                return;
            }
            int worst = l + 1 < size && compare(heap[l + 1], heap[l]) > 0 ? l + 1 : l;
            if (compare(heap[worst], heap[i]) <= 0) {
                return;
            }
            swap(heap, i, worst);
            i = worst;
        }
    }

    private static void swap(int[] heap, int i, int j) {
        int t = heap[i];
        heap[i] = heap[j];
        heap[j] = t;
    }
}
