package io.tessera.sketch;

import io.tessera.core.StaleMarker;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/** A seeded test series (ascending times, optional stale markers) and helpers to cut it into panes and merge them. */
record Series(long[] ts, double[] values) {

    int size() {
        return ts.length;
    }

    /** Values drawn from {@code dist}, times with jittered gaps of about 15 s starting near {@code start}. */
    static Series of(Distribution dist, SplittableRandom rnd, int n, long start, double staleFraction) {
        long[] ts = new long[n];
        double[] values = new double[n];
        long t = start + rnd.nextLong(1, 15_000);
        for (int i = 0; i < n; i++) {
            ts[i] = t;
            values[i] = rnd.nextDouble() < staleFraction ? StaleMarker.VALUE : dist.sample(rnd);
            t += rnd.nextLong(5_000, 25_000);
        }
        return new Series(ts, values);
    }

    /** A counter: increments from {@code dist}, occasional resets to a small value, never exactly on a pane edge. */
    static Series counter(Distribution dist, SplittableRandom rnd, int n, long start, double resetProbability) {
        long[] ts = new long[n];
        double[] values = new double[n];
        long t = start + rnd.nextLong(1, 15_000);
        double v = rnd.nextDouble() < 0.5 ? 0 : rnd.nextDouble(0, 500);
        for (int i = 0; i < n; i++) {
            ts[i] = t;
            if (i > 0 && rnd.nextDouble() < resetProbability) {
                v = rnd.nextDouble() < 0.5 ? 0 : rnd.nextDouble(0, 5);
            } else if (i > 0) {
                v += rnd.nextDouble() < 0.1 ? 0 : Math.abs(dist.sample(rnd));
            }
            values[i] = v;
            t += rnd.nextLong(5_000, 25_000);
        }
        return new Series(ts, values);
    }

    /** Non-stale values, in order. */
    double[] ordinaryValues() {
        double[] out = new double[values.length];
        int n = 0;
        for (double v : values) {
            if (!StaleMarker.isStale(v)) {
                out[n++] = v;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /** Sorted random cut points in [0, n], first 0 and last n; empty panes allowed. */
    static int[] cuts(SplittableRandom rnd, int n, int panes) {
        int[] cuts = new int[panes + 1];
        for (int i = 1; i < panes; i++) {
            cuts[i] = rnd.nextInt(n + 1);
        }
        cuts[panes] = n;
        Arrays.sort(cuts);
        return cuts;
    }

    /** One state per pane, built with the batch update or sample by sample. */
    <S extends State> State[] panes(int[] cuts, Supplier<S> factory, SplittableRandom rnd) {
        State[] panes = new State[cuts.length - 1];
        for (int p = 0; p < panes.length; p++) {
            S s = factory.get();
            if (rnd.nextBoolean()) {
                s.update(ts, values, cuts[p], cuts[p + 1]);
            } else {
                for (int i = cuts[p]; i < cuts[p + 1]; i++) {
                    s.update(ts[i], values[i]);
                }
            }
            panes[p] = s;
        }
        return panes;
    }

    /** Merges panes[lo, hi) along a random binary tree, each merge in a random call order; inputs may be consumed. */
    static State mergeTree(State[] panes, int lo, int hi, SplittableRandom rnd) {
        if (hi - lo == 1) {
            return rnd.nextInt(4) == 0 ? panes[lo].copy() : panes[lo];
        }
        int mid = lo + 1 + rnd.nextInt(hi - lo - 1);
        State left = mergeTree(panes, lo, mid, rnd);
        State right = mergeTree(panes, mid, hi, rnd);
        if (rnd.nextBoolean()) {
            left.merge(right);
            return left;
        }
        right.merge(left);
        return right;
    }

    static <S extends State> S whole(Series s, Supplier<S> factory) {
        S state = factory.get();
        state.update(s.ts, s.values, 0, s.size());
        return state;
    }
}
