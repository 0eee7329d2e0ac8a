package io.tessera.exec.view;

import io.tessera.core.Search;

/** Searches in the ascending sample times of one series, shared by the readers of every view kind. */
public final class Timestamps {

    private Timestamps() {}

    public static int firstAfter(long[] ts, int n, long t) {
        return firstAfter(ts, 0, n, t);
    }

    private static final int LINEAR_SEARCH = 8;

    /** The first index in {@code [from, to)} of the ascending {@code ts} whose time is after {@code t}, or {@code to}. */
    public static int firstAfter(long[] ts, int from, int to, long t) {
        int lo = from;
        int hi = to;
        if (hi - lo <= LINEAR_SEARCH) {
            // a few samples, as a correction's spans hold per series: one branch taken at the end
            while (lo < hi && ts[lo] <= t) {
                lo++;
            }
            return lo;
        }
        return Search.firstAfter(ts, lo, hi, t);
    }
}
