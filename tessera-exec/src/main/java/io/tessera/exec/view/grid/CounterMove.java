package io.tessera.exec.view.grid;

import io.tessera.core.StaleMarker;
import io.tessera.exec.view.Timestamps;
import io.tessera.sketch.ExtrapolatedRate;

/**
 * {@code rate}, {@code increase} and {@code delta} of one series moved from a grid point g to a
 * later time T. Prometheus' result is the sum of the increments of consecutive samples in the
 * window (a counter's drop counts as a reset: the increment is the new value), extrapolated
 * towards the window's edges. The sum is additive: the window at T has the increments at g,
 * plus those whose later sample entered, minus those whose earlier sample left. The kept value
 * is extrapolated, so it is first turned back into the sum at g, from the window's first and
 * last samples at g (read in the spans around {@code g - w} and g) and its count.
 *
 * <p>The spans read are {@code (g - ext, T]} (the samples that entered and the last one at or
 * before g) and {@code (g - w, T - w + ext]} (those that left and the first one after
 * {@code T - w}).
 */
final class CounterMove {

    private final boolean counter;
    private final boolean rate;
    private long[] ts = new long[64];
    private double[] vs = new double[64];
    /** The spans of {@link #exactly}, reused. */
    private final CounterSpans wholeWindow = new CounterSpans();

    CounterMove(ExtrapolatedRate function) {
        this.counter = function.counter();
        this.rate = function.perSecond();
    }

    /**
     * Moves the series' value to {@code spans.time} and puts what it found in {@code result}.
     *
     * @param kept the grid's value at g, {@code n0} samples at g; the spans must not overlap
     *             ({@code T - g + 2 ext <= w})
     * @param atG when kept, the series' last sample in {@code (g - ext, g]} (the entered span then holds only
     *             samples after g) and the sum at g, for output series {@code series}; else null
     * @param spans the series' samples in {@code (g - ext, T]} and in {@code (g - w, T - w + ext]}
     */
    void move(
            double kept,
            long n0,
            long w,
            long ext,
            KeptCorrections.CounterAtG atG,
            int series,
            CounterSpans spans,
            CounterResult result) {
        long g = spans.gridPoint;
        long t = spans.time;
        int n = 0;
        if (atG != null && atG.hasLast(series)) {
            ts[0] = atG.lastTs()[series];
            vs[0] = atG.lastValues()[series];
            n = 1;
        }
        // of the samples before g only the last one counts, and after T - w only the first one
        n = copyLastBefore(spans.enteredTs, spans.enteredValues, spans.enteredFrom, spans.enteredTo, g - ext, g, t, n);
        int inStart = n;
        n = copyFirstAfter(spans.leftTs, spans.leftValues, spans.leftFrom, spans.leftTo, g - w, t - w, t - w + ext, n);
        // entered: in-span samples after g; pred: the last at or before g
        int pred = -1;
        int firstNew = inStart;
        for (int i = 0; i < inStart; i++) {
            if (ts[i] <= g) {
                pred = i;
            } else {
                firstNew = Math.min(firstNew, i);
            }
        }
        int nIn = inStart - firstNew;
        int leftFrom = inStart;
        int leftTo = inStart;
        int succ = -1;
        for (int i = inStart; i < n; i++) {
            if (ts[i] <= t - w) {
                leftTo = i + 1;
            } else if (succ < 0) {
                succ = i;
            }
        }
        int nOut = leftTo - leftFrom;
        long nMid = n0 - nOut;
        long nT = n0 + nIn - nOut;
        if (nT < 2) {
            result.none();
            return;
        }
        if (nIn == nT && nOut == n0) {
            // every sample of the window at T is new: nothing to move; Prometheus' own arithmetic
            double sum = prometheusSum(firstNew, inStart);
            result.value(extrapolate(sum, ts[firstNew], vs[firstNew], ts[inStart - 1], nT, t - w, t));
            return;
        }
        if (n0 == 0 || nMid < 0) {
            result.exact("the window at the grid point holds too few samples to move");
            return;
        }
        if (n0 < 2 || pred < 0 || (nMid > 0 && (succ < 0 || ts[succ] > g))) {
            result.exact("the samples next to the window's edges are not in the spans read");
            return;
        }
        int first = nMid > 0 ? succ : firstNew;
        int last = nIn > 0 ? inStart - 1 : pred;
        long lastT = ts[last];
        if (!counter) {
            // a delta is its last value minus its first, with no increments to move
            result.value(extrapolate(vs[last] - vs[first], ts[first], vs[first], lastT, nT, t - w, t));
            return;
        }
        if (!Double.isFinite(kept) || !allFinite(n)) {
            result.exact("a value near the window's edges is not finite, so the increments cannot be moved");
            return;
        }
        int firstG = nOut > 0 ? leftFrom : succ;
        double sumG = atG != null && atG.hasSum(series, ts[firstG], ts[pred])
                ? atG.sums()[series]
                : sumAtG(kept, n0, g, w, ts[firstG], vs[firstG], ts[pred]);
        if (Double.isNaN(sumG)) {
            result.exact("the kept value does not turn back into a sum of increments");
            return;
        }
        double gone = 0;
        for (int i = leftFrom; i < leftTo; i++) {
            int next = i + 1 < leftTo ? i + 1 : nMid > 0 ? succ : -1;
            if (next >= 0) {
                gone += increment(vs[i], vs[next]);
            }
        }
        double added = sumOf(firstNew, inStart, nMid > 0 ? pred : -1);
        double sum = sumG + added - gone;
        if (!Double.isFinite(gone) || !Double.isFinite(added) || !Double.isFinite(sum)) {
            result.exact("the increments near the window's edges overflow, so they cannot be moved");
            return;
        }
        // not Prometheus' own arithmetic: a value it would not reach as finite is left to the exact computation
        double moved = extrapolate(sum, ts[first], vs[first], lastT, nT, t - w, t);
        if (Double.isFinite(moved)) {
            result.value(moved);
        } else {
            result.exact("the moved value overflows");
        }
    }

    private boolean allFinite(int n) {
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(vs[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * The samples {@code [from, to)} as Prometheus sums them: the last value minus the first,
     * plus, for a counter, each value before a drop.
     */
    private double prometheusSum(int from, int to) {
        double result = vs[to - 1] - vs[from];
        if (counter) {
            double prev = vs[from];
            for (int i = from + 1; i < to; i++) {
                if (vs[i] < prev) {
                    result += prev;
                }
                prev = vs[i];
            }
        }
        return result;
    }

    /** Extrapolates {@code sum} in the exact engine's order of operations. */
    private double extrapolate(double sum, long firstT, double firstV, long lastT, long count, long start, long end) {
        double factor = factor(sum, firstT, firstV, lastT, count, start, end);
        if (rate) {
            factor /= (end - start) / 1000.0;
        }
        return sum * factor;
    }

    /** The increments of the samples {@code [from, to)}, the first one's from {@code prev} (or none when -1). */
    private double sumOf(int from, int to, int prev) {
        double sum = 0;
        int p = prev;
        for (int i = from; i < to; i++) {
            if (p >= 0) {
                sum += increment(vs[p], vs[i]);
            }
            p = i;
        }
        return sum;
    }

    private double increment(double before, double after) {
        return counter && after < before ? after : after - before;
    }

    /** Prometheus' extrapolation factor for a window {@code (start, end]} whose samples sum to {@code sum}. */
    private double factor(double sum, long firstT, double firstV, long lastT, long count, long start, long end) {
        double sampled = (lastT - firstT) / 1000.0;
        double average = sampled / (count - 1);
        double toStart = extrapolated((firstT - start) / 1000.0, average);
        if (counter && sum > 0 && firstV >= 0) {
            double toZero = sampled * (firstV / sum);
            if (toZero < toStart) {
                toStart = toZero;
            }
        }
        return (sampled + toStart + extrapolated((end - lastT) / 1000.0, average)) / sampled;
    }

    /** How far past the first or last sample, {@code gap} seconds from the window's edge, a rate extrapolates. */
    private static double extrapolated(double gap, double average) {
        return gap >= average * 1.1 ? average / 2 : gap;
    }

    /**
     * The sum whose extrapolation is {@code extrapolated}: without the counter's clamp to zero,
     * {@code sum = e · sampled / (sampled + toStart + toEnd)}; with it, the start gap is
     * {@code sampled · firstV / sum}, so {@code sum = (e - firstV) · sampled / (sampled + toEnd)}.
     * The one whose clamp condition holds as assumed; NaN when neither does.
     */
    private double invert(
            double extrapolated, long firstT, double firstV, long lastT, long count, long start, long end) {
        double sampled = (lastT - firstT) / 1000.0;
        if (!(sampled > 0) || !Double.isFinite(extrapolated)) {
            return Double.NaN;
        }
        double average = sampled / (count - 1);
        double toStart = extrapolated((firstT - start) / 1000.0, average);
        double toEnd = extrapolated((end - lastT) / 1000.0, average);
        double plain = extrapolated * sampled / (sampled + toStart + toEnd);
        if (!(counter && plain > 0 && firstV >= 0 && sampled * (firstV / plain) < toStart)) {
            return plain;
        }
        double clamped = (extrapolated - firstV) * sampled / (sampled + toEnd);
        if (counter && clamped > 0 && firstV >= 0 && sampled * (firstV / clamped) < toStart) {
            return clamped;
        }
        return Double.NaN;
    }

    /**
     * The sum of increments of the window {@code (g - w, g]} whose value was {@code kept} over
     * {@code n0} samples, the first at {@code firstT}, the last at {@code lastT}; NaN when it does
     * not turn back into one.
     */
    double sumAtG(double kept, long n0, long g, long w, long firstT, double firstV, long lastT) {
        return invert(rate ? kept * (w / 1000.0) : kept, firstT, firstV, lastT, n0, g - w, g);
    }

    /** The exact value over {@code (t - w, t]} of a series' samples, into {@code result}. */
    void exactly(long t, long w, long[] rowTs, double[] rowVs, int count, CounterResult result) {
        wholeWindow.moving(t - w, t);
        wholeWindow.entered(rowTs, rowVs, 0, count);
        wholeWindow.left(null, null, 0, 0);
        move(0, 0, w, 0, null, 0, wholeWindow, result);
    }

    /**
     * Appends the non-stale samples of {@code [lo, hi)} in {@code (from, to]} after position
     * {@code n}, but of those at or before {@code edge} only the last one.
     */
    private int copyLastBefore(long[] t, double[] v, int lo, int hi, long from, long edge, long to, int n) {
        if (t == null) {
            return n;
        }
        int a = Timestamps.firstAfter(t, lo, hi, from);
        int b = Timestamps.firstAfter(t, a, hi, to);
        int p = Timestamps.firstAfter(t, a, b, edge) - 1;
        while (p >= a && StaleMarker.isStale(v[p])) {
            p--;
        }
        return append(t, v, Math.max(p, a), b, n, Integer.MAX_VALUE);
    }

    /**
     * Appends the non-stale samples of {@code [lo, hi)} in {@code (from, to]} after position
     * {@code n}, but of those after {@code edge} only the first one.
     */
    private int copyFirstAfter(long[] t, double[] v, int lo, int hi, long from, long edge, long to, int n) {
        if (t == null) {
            return n;
        }
        int a = Timestamps.firstAfter(t, lo, hi, from);
        int b = Timestamps.firstAfter(t, a, hi, to);
        int cut = Timestamps.firstAfter(t, a, b, edge);
        return append(t, v, cut, b, append(t, v, a, cut, n, Integer.MAX_VALUE), 1);
    }

    /** Appends at most {@code most} non-stale samples of {@code [from, to)} after position {@code n}. */
    private int append(long[] t, double[] v, int from, int to, int n, int most) {
        int taken = 0;
        for (int i = from; i < to && taken < most; i++) {
            if (StaleMarker.isStale(v[i])) {
                continue;
            }
            if (n == ts.length) {
                ts = java.util.Arrays.copyOf(ts, n * 2);
                vs = java.util.Arrays.copyOf(vs, n * 2);
            }
            ts[n] = t[i];
            vs[n] = v[i];
            n++;
            taken++;
        }
        return n;
    }
}
