package io.tessera.exec.function;

import java.util.Arrays;

/**
 * {@code quantile_over_time} at consecutive steps of one series whose windows overlap: a sorted
 * copy of the window (NaNs first, then as {@link Arrays#sort} orders doubles) kept from step to
 * step, the samples that left removed and those that entered inserted, instead of selecting
 * among all of the window's samples at every step. The same value as
 * {@link Quantiles#quantileBySelection}.
 */
final class SlidingQuantile {

    private double[] sorted = new double[64];
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

    private void rebuild(double[] vs, int from, int to) {
        n = to - from;
        if (sorted.length < n) {
            sorted = new double[Math.max(n, sorted.length * 2)];
        }
        System.arraycopy(vs, from, sorted, 0, n);
        Quantiles.sortNaNFirst(sorted, n);
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
        return Quantiles.ofSorted(q, sorted, n);
    }

    private void insert(double v) {
        if (n == sorted.length) {
            sorted = Arrays.copyOf(sorted, n * 2);
        }
        int at = position(v);
        System.arraycopy(sorted, at, sorted, at + 1, n - at);
        sorted[at] = v;
        n++;
    }

    private void remove(double v) {
        int at = position(v);
        if (at >= n || order(sorted[at], v) != 0) {
            throw new IllegalStateException("a sample leaving the window is not in it: " + v);
        }
        System.arraycopy(sorted, at + 1, sorted, at, n - at - 1);
        n--;
    }

    /** The first index whose value does not come before {@code v}. */
    private int position(double v) {
        int a = 0;
        int b = n;
        while (a < b) {
            int mid = (a + b) >>> 1;
            if (order(sorted[mid], v) < 0) {
                a = mid + 1;
            } else {
                b = mid;
            }
        }
        return a;
    }

    /** NaNs first (all alike), then {@link Double#compare}'s order (-0.0 before 0.0). */
    private static int order(double a, double b) {
        boolean na = Double.isNaN(a);
        boolean nb = Double.isNaN(b);
        if (na || nb) {
            return na == nb ? 0 : na ? -1 : 1;
        }
        return Double.compare(a, b);
    }
}
