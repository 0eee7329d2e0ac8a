package io.tessera.exec.function;

import java.util.Arrays;

/**
 * {@code quantile_over_time} at consecutive steps of one series whose windows overlap: the window
 * kept sorted from step to step (NaNs first, then as {@link Double#compare} orders doubles), the
 * samples that left removed and those that entered inserted, instead of selecting among all of the
 * window's samples at every step. The same value as {@link Quantiles#quantileBySelection}.
 *
 * <p>The window is kept as sort keys, longs whose order is that one: a double's bits with the
 * lower 63 flipped when it is negative, and every NaN as {@link Long#MIN_VALUE}, so a search
 * compares longs.
 */
final class SlidingQuantile {

    private static final long NAN_KEY = Long.MIN_VALUE;

    private long[] keys = new long[64];
    private int n;
    private int lo;
    private int hi;
    private boolean valid;

    /** Forgets the window kept (the next series starts afresh). */
    void reset() {
        valid = false;
    }

    /** The {@code q}-quantile of {@code vs[from, to)}; windows must move forward from call to call until {@link #reset}. */
    double quantile(double q, double[] vs, int from, int to) {
        int moved = valid && from >= lo && to >= hi && from < hi ? (from - lo) + (to - hi) : Integer.MAX_VALUE;
        if (moved > Math.max(8, (to - from) / 2)) {
            rebuild(vs, from, to);
        } else {
            for (int i = lo; i < from; i++) {
                remove(vs[i]);
            }
            for (int i = hi; i < to; i++) {
                insert(vs[i]);
            }
            lo = from;
            hi = to;
        }
        return at(q);
    }

    static long key(double v) {
        if (Double.isNaN(v)) {
            return NAN_KEY;
        }
        long bits = Double.doubleToRawLongBits(v);
        return bits ^ (bits >> 63 & Long.MAX_VALUE);
    }

    static double value(long key) {
        return key == NAN_KEY ? Double.NaN : Double.longBitsToDouble(key ^ (key >> 63 & Long.MAX_VALUE));
    }

    private void rebuild(double[] vs, int from, int to) {
        n = to - from;
        if (keys.length < n) {
            keys = new long[Math.max(n, keys.length * 2)];
        }
        for (int i = 0; i < n; i++) {
            keys[i] = key(vs[from + i]);
        }
        Arrays.sort(keys, 0, n);
        lo = from;
        hi = to;
        valid = true;
    }

    private double at(double q) {
        if (n == 0 || Double.isNaN(q)) {
            return Double.NaN;
        }
        if (q < 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (q > 1) {
            return Double.POSITIVE_INFINITY;
        }
        return Quantiles.ofRanked(q, n, i -> value(keys[i]));
    }

    private void insert(double v) {
        if (n == keys.length) {
            keys = Arrays.copyOf(keys, n * 2);
        }
        long k = key(v);
        int at = position(k);
        System.arraycopy(keys, at, keys, at + 1, n - at);
        keys[at] = k;
        n++;
    }

    private void remove(double v) {
        long k = key(v);
        int at = position(k);
        if (at >= n || keys[at] != k) {
            throw new IllegalStateException("a sample leaving the window is not in it: " + v);
        }
        System.arraycopy(keys, at + 1, keys, at, n - at - 1);
        n--;
    }

    /** The first index whose key is not below {@code k}. */
    private int position(long k) {
        int a = 0;
        int b = n;
        while (a < b) {
            int mid = (a + b) >>> 1;
            if (keys[mid] < k) {
                a = mid + 1;
            } else {
                b = mid;
            }
        }
        return a;
    }
}
