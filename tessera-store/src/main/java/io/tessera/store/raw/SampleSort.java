package io.tessera.store.raw;

/** Sorts parallel (time, bits) arrays by time; stable merge sort, no boxing. */
final class SampleSort {

    private SampleSort() {}

    static void sort(long[] times, long[] bits, int from, int to) {
        int n = to - from;
        if (n < 2) {
            return;
        }
        if (n <= 16) {
            insertion(times, bits, from, to);
            return;
        }
        long[] tTmp = new long[n];
        long[] bTmp = new long[n];
        for (int width = 16, i = from; i < to; i += width) {
            insertion(times, bits, i, Math.min(i + width, to));
        }
        long[] srcT = times;
        long[] srcB = bits;
        long[] dstT = tTmp;
        long[] dstB = bTmp;
        int srcOff = from;
        int dstOff = 0;
        for (int width = 16; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int a = lo;
                int b = mid;
                for (int k = lo; k < hi; k++) {
                    if (a < mid && (b >= hi || srcT[srcOff + a] <= srcT[srcOff + b])) {
                        dstT[dstOff + k] = srcT[srcOff + a];
                        dstB[dstOff + k] = srcB[srcOff + a++];
                    } else {
                        dstT[dstOff + k] = srcT[srcOff + b];
                        dstB[dstOff + k] = srcB[srcOff + b++];
                    }
                }
            }
            long[] swapT = srcT;
            long[] swapB = srcB;
            int swapOff = srcOff;
            srcT = dstT;
            srcB = dstB;
            srcOff = dstOff;
            dstT = swapT;
            dstB = swapB;
            dstOff = swapOff;
        }
        if (srcT != times) {
            System.arraycopy(srcT, srcOff, times, from, n);
            System.arraycopy(srcB, srcOff, bits, from, n);
        }
    }

    private static void insertion(long[] times, long[] bits, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            long t = times[i];
            long b = bits[i];
            int j = i - 1;
            while (j >= from && times[j] > t) {
                times[j + 1] = times[j];
                bits[j + 1] = bits[j];
                j--;
            }
            times[j + 1] = t;
            bits[j + 1] = b;
        }
    }
}
