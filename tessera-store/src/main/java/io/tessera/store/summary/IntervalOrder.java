package io.tessera.store.summary;

/**
 * Sorts row indices by a pair of long keys without boxing: a stable bottom-up merge sort that
 * returns at once when the rows are already in order, as pane-ordered requests usually are.
 */
final class IntervalOrder {

    private IntervalOrder() {}

    /** The permutation of {@code 0..n-1} that orders rows by {@code (primary, secondary)}. */
    static int[] sort(long[] primary, long[] secondary, int n) {
        int[] perm = new int[n];
        boolean sorted = true;
        for (int i = 0; i < n; i++) {
            perm[i] = i;
            if (sorted && i > 0 && less(primary, secondary, i, i - 1)) {
                sorted = false;
            }
        }
        if (sorted) {
            return perm;
        }
        int[] buf = new int[n];
        int[] src = perm;
        int[] dst = buf;
        for (int width = 1; width < n; width <<= 1) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                merge(primary, secondary, src, dst, lo, mid, hi);
            }
            int[] t = src;
            src = dst;
            dst = t;
        }
        return src;
    }

    private static void merge(long[] p, long[] q, int[] src, int[] dst, int lo, int mid, int hi) {
        int i = lo;
        int j = mid;
        for (int k = lo; k < hi; k++) {
            if (i < mid && (j >= hi || !less(p, q, src[j], src[i]))) {
                dst[k] = src[i++];
            } else {
                dst[k] = src[j++];
            }
        }
    }

    private static boolean less(long[] p, long[] q, int a, int b) {
        return p[a] < p[b] || (p[a] == p[b] && q[a] < q[b]);
    }
}
