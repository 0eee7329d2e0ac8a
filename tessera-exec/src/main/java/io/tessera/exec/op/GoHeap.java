package io.tessera.exec.op;

/**
 * Go's {@code container/heap} and {@code sort.Sort} over series indices ordered by their values,
 * so that topk and bottomk pick and order exactly as Prometheus: {@code less(a, b)} is "a is NaN
 * or a < b" ({@code vectorByValueHeap}), or with {@code reverse} "a is NaN or a > b"
 * ({@code vectorByReverseValueHeap}).
 */
final class GoHeap {

    /** Go's pdqsort sorts this many elements or fewer by insertion sort. */
    private static final int INSERTION_SORT_MAX = 12;

    private GoHeap() {}

    static boolean less(double a, double b, boolean reverse) {
        return Double.isNaN(a) || (reverse ? a > b : a < b);
    }

    private static boolean less(int[] h, int i, int j, double[] v, boolean reverse) {
        return less(v[h[i]], v[h[j]], reverse);
    }

    /** Appends {@code x} and restores the heap; returns the new size. */
    static int push(int[] h, int n, int x, double[] v, boolean reverse) {
        h[n] = x;
        up(h, n, v, reverse);
        return n + 1;
    }

    /** Restores the heap after element {@code i} changed. */
    static void fix(int[] h, int n, int i, double[] v, boolean reverse) {
        if (!down(h, i, n, v, reverse)) {
            up(h, i, v, reverse);
        }
    }

    private static void up(int[] h, int j, double[] v, boolean reverse) {
        while (true) {
            int i = (j - 1) / 2;
            if (i == j || !less(h, j, i, v, reverse)) {
                break;
            }
            swap(h, i, j);
            j = i;
        }
    }

    private static boolean down(int[] h, int i0, int n, double[] v, boolean reverse) {
        int i = i0;
        while (true) {
            int j1 = 2 * i + 1;
            if (j1 >= n || j1 < 0) {
                break;
            }
            int j = j1;
            int j2 = j1 + 1;
            if (j2 < n && less(h, j2, j1, v, reverse)) {
                j = j2;
            }
            if (!less(h, j, i, v, reverse)) {
                break;
            }
            swap(h, i, j);
            i = j;
        }
        return i > i0;
    }

    /**
     * {@code sort.Sort(sort.Reverse(heap))}: the first {@code n} indices ordered so that
     * {@code less(v[b], v[a])} puts a before b. Insertion sort as Go does for small inputs; a
     * stable merge sort beyond (Go's pdqsort may order ties differently there).
     */
    static void sortReverse(int[] h, int n, double[] v, boolean reverse) {
        if (n <= INSERTION_SORT_MAX) {
            for (int i = 1; i < n; i++) {
                for (int j = i; j > 0 && less(v[h[j - 1]], v[h[j]], reverse); j--) {
                    swap(h, j, j - 1);
                }
            }
            return;
        }
        int[] tmp = new int[n];
        mergeSort(h, tmp, 0, n, v, reverse);
    }

    private static void mergeSort(int[] h, int[] tmp, int from, int to, double[] v, boolean reverse) {
        if (to - from < 2) {
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(h, tmp, from, mid, v, reverse);
        mergeSort(h, tmp, mid, to, v, reverse);
        int a = from;
        int b = mid;
        int k = from;
        while (a < mid && b < to) {
            // b goes first only when it sorts strictly before a.
            tmp[k++] = less(v[h[a]], v[h[b]], reverse) && !less(v[h[b]], v[h[a]], reverse) ? h[b++] : h[a++];
        }
        while (a < mid) {
            tmp[k++] = h[a++];
        }
        while (b < to) {
            tmp[k++] = h[b++];
        }
        System.arraycopy(tmp, from, h, from, to - from);
    }

    private static void swap(int[] h, int i, int j) {
        int t = h[i];
        h[i] = h[j];
        h[j] = t;
    }
}
