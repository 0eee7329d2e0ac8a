package io.tessera.exec.function;

import java.util.Arrays;
import java.util.function.IntToDoubleFunction;

/**
 * {@code quantile_over_time} at consecutive steps of one series whose windows overlap: the samples
 * that leave a window are taken out and those that enter put in, instead of selecting among all of
 * the window's samples at every step. The same value as {@link Quantiles#quantileBySelection}.
 *
 * <p>Every sample of the series' span is ranked once, by a radix sort of keys whose order is the
 * quantile's (NaN first, then {@link Double#compare}'s); the window is a count per rank in a Fenwick tree,
 * so a sample enters or leaves and the {@code k}-th smallest is found in a logarithm of the span's
 * distinct values.
 */
final class SlidingQuantile implements SlidingKernel {

    private static final long NAN_KEY = Long.MIN_VALUE;

    private double[] vs;
    /** {@link #kth}, made once rather than at every step. */
    private final IntToDoubleFunction kthValue = this::kth;

    private int spanFrom;
    /** The distinct sort keys of the span, ascending. */
    private long[] keys = new long[64];

    private int distinct;
    /** Each span sample's index in {@link #keys}. */
    private int[] ranks = new int[64];
    /** Fenwick tree of the window's count per rank, 1-based. */
    private int[] tree = new int[65];

    private int highestBit;
    private int n;
    private int lo;
    private int hi;

    @Override
    public void reset(double[] vs, int from, int to) {
        this.vs = vs;
        this.spanFrom = from;
        int size = to - from;
        if (keys.length < size) {
            keys = new long[Math.max(size, keys.length * 2)];
            ranks = new int[keys.length];
            sorted = new long[keys.length];
            order = new int[keys.length];
        }
        for (int i = 0; i < size; i++) {
            sorted[i] = key(vs[from + i]);
            order[i] = i;
        }
        radix.sort(sorted, order, size);
        distinct = 0;
        for (int i = 0; i < size; i++) {
            if (distinct == 0 || sorted[i] != keys[distinct - 1]) {
                keys[distinct++] = sorted[i];
            }
            ranks[order[i]] = distinct - 1;
        }
        if (tree.length < distinct + 1) {
            tree = new int[Math.max(distinct + 1, tree.length * 2)];
        }
        Arrays.fill(tree, 0, distinct + 1, 0);
        highestBit = Integer.highestOneBit(Math.max(1, distinct));
        n = 0;
        lo = from;
        hi = from;
    }

    @Override
    public boolean apply(double[] vs, int from, int to, double[] params, double[] out) {
        out[0] = quantile(params[0], vs, from, to);
        return true;
    }

    /** The {@code q}-quantile of {@code vs[from, to)}, {@code vs} the array given to {@link #reset}. */
    double quantile(double q, double[] vs, int from, int to) {
        if (vs != this.vs || from < lo || to < hi) {
            throw new IllegalArgumentException("windows must move forward within the span given to reset");
        }
        if (from >= hi) {
            for (int i = lo; i < hi; i++) {
                add(i, -1);
            }
            lo = from;
            hi = from;
        }
        for (int i = lo; i < from; i++) {
            add(i, -1);
        }
        for (int i = hi; i < to; i++) {
            add(i, 1);
        }
        lo = from;
        hi = to;
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

    /** The span's sort keys in order, with each one's sample; scratch of {@link #reset}. */
    private long[] sorted = new long[64];

    private int[] order = new int[64];
    private final RadixOrder radix = new RadixOrder();

    private void add(int sample, int delta) {
        for (int i = ranks[sample - spanFrom] + 1; i <= distinct; i += i & -i) {
            tree[i] += delta;
        }
        n += delta;
    }

    /** The value of the window's {@code k}-th smallest sample, from 0. */
    private double kth(int k) {
        int at = 0;
        int left = k;
        for (int bit = highestBit; bit > 0; bit >>= 1) {
            int next = at + bit;
            if (next <= distinct && tree[next] <= left) {
                at = next;
                left -= tree[next];
            }
        }
        return value(keys[at]);
    }

    private double at(double q) {
        if (Quantiles.needsNoValues(q, n)) {
            return Quantiles.withoutValues(q, n);
        }
        return Quantiles.ofRanked(q, n, kthValue);
    }
}
