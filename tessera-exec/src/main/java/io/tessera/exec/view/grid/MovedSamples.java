package io.tessera.exec.view.grid;

import io.tessera.core.StaleMarker;
import io.tessera.exec.value.SeriesRows;
import io.tessera.exec.view.Timestamps;

/** The samples of one series in one span: count, compensated sum, and ranks against a value. */
final class MovedSamples {
    /** The samples that are not stale markers. */
    long samples;

    double sum;
    double comp;
    boolean finite;
    boolean nan;
    /** The samples that are not NaN, and their extremes. */
    long numbers;

    double max;
    double min;
    /** The largest magnitude among the finite values. */
    double largest;

    long below;
    long atOrBelow;

    void reset() {
        numbers = 0;
        max = Double.NEGATIVE_INFINITY;
        min = Double.POSITIVE_INFINITY;
        samples = 0;
        sum = 0;
        comp = 0;
        finite = true;
        nan = false;
        largest = 0;
        below = 0;
        atOrBelow = 0;
    }

    /** Adds the samples of series {@code s} in {@code (from, to]}, ranked against {@code v}. */
    void scan(SeriesRows rows, int s, long from, long to, double v) {
        scan(rows.tsArray(s), rows.valuesArray(s), rows.first(s), rows.first(s) + rows.count(s), from, to, v);
    }

    /** Adds the samples {@code [lo, hi)} of these arrays in {@code (from, to]} to the count and the sum only. */
    void sum(long[] ts, double[] vs, int lo, int hi, long from, long to) {
        int a = Timestamps.firstAfter(ts, lo, hi, from);
        int b = Timestamps.firstAfter(ts, a, hi, to);
        long count = 0;
        double s = sum;
        double c = comp;
        boolean allFinite = true;
        double big = largest;
        for (int i = a; i < b; i++) {
            double x = vs[i];
            if (StaleMarker.isStale(x)) {
                continue;
            }
            count++;
            double next = s + x;
            c += Math.abs(s) >= Math.abs(x) ? (s - next) + x : (x - next) + s;
            s = next;
            allFinite &= Double.isFinite(x);
            big = Math.max(big, Math.abs(x));
        }
        largest = Math.max(largest, big);
        samples += count;
        sum = s;
        comp = c;
        finite &= allFinite;
    }

    /** Adds the samples {@code [lo, hi)} of these arrays in {@code (from, to]}, ranked against {@code v}. */
    void scan(long[] ts, double[] vs, int lo, int hi, long from, long to, double v) {
        int a = Timestamps.firstAfter(ts, lo, hi, from);
        int b = Timestamps.firstAfter(ts, a, hi, to);
        for (int i = a; i < b; i++) {
            double x = vs[i];
            if (StaleMarker.isStale(x)) {
                continue;
            }
            samples++;
            double next = sum + x;
            comp += Math.abs(sum) >= Math.abs(x) ? (sum - next) + x : (x - next) + sum;
            sum = next;
            if (x < v) {
                below++;
            }
            if (x <= v) {
                atOrBelow++;
            }
            if (!Double.isFinite(x)) {
                finite = false;
                nan |= Double.isNaN(x);
            } else {
                largest = Math.max(largest, Math.abs(x));
            }
            if (!Double.isNaN(x)) {
                numbers++;
                max = Math.max(max, x);
                min = Math.min(min, x);
            }
        }
    }
}
