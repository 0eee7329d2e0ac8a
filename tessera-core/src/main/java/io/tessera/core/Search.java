package io.tessera.core;

import java.util.function.IntPredicate;

/** Binary searches over ascending ranges: the first index where a key, or a condition, is passed. */
public final class Search {

    private Search() {}

    /** The first index in the ascending {@code a[from, to)} whose value is at least {@code key}, or {@code to}. */
    public static int firstAtLeast(long[] a, int from, int to, long key) {
        return key == Long.MIN_VALUE ? from : firstAfter(a, from, to, key - 1);
    }

    /** The first index in the ascending {@code a[from, to)} whose value is after {@code key}, or {@code to}. */
    public static int firstAfter(long[] a, int from, int to, long key) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] <= key) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The first index in the ascending {@code a[from, to)} whose value is not below {@code key}, or {@code to}. */
    public static int firstAtLeast(double[] a, int from, int to, double key) {
        return firstNotBefore(from, to, i -> a[i] < key);
    }

    /** The first index in the ascending {@code a[from, to)} whose value is not at or below {@code key}, or {@code to}. */
    public static int firstAfter(double[] a, int from, int to, double key) {
        return firstNotBefore(from, to, i -> a[i] <= key);
    }

    /**
     * The first index in {@code [from, to)} for which {@code before} is false, where {@code before}
     * holds for a prefix of the range and not after it; {@code to} when it holds throughout.
     */
    public static int firstNotBefore(int from, int to, IntPredicate before) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (before.test(mid)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
