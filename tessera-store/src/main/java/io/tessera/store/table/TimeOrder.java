package io.tessera.store.table;

/** The stable order of rows by time, as a permutation, without boxing. */
final class TimeOrder {

    private TimeOrder() {}

    /** Row indices {@code 0..n-1} ordered by {@code ts}, equal times in their original order. */
    static int[] of(long[] ts, int n) {
        int[] order = new int[n];
        boolean sorted = true;
        for (int i = 0; i < n; i++) {
            order[i] = i;
            if (i > 0 && ts[i] < ts[i - 1]) {
                sorted = false;
            }
        }
        if (sorted) {
            return order;
        }
        int[] scratch = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int a = lo;
                int b = mid;
                int k = lo;
                while (a < mid && b < hi) {
                    scratch[k++] = ts[order[b]] < ts[order[a]] ? order[b++] : order[a++];
                }
                while (a < mid) {
                    scratch[k++] = order[a++];
                }
                while (b < hi) {
                    scratch[k++] = order[b++];
                }
            }
            int[] t = order;
            order = scratch;
            scratch = t;
        }
        return order;
    }
}
