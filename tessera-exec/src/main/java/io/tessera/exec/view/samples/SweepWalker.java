package io.tessera.exec.view.samples;

import io.tessera.core.NeumaierSum;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.StepGrid;
import io.tessera.sketch.CounterState;
import io.tessera.sketch.ExtrapolatedRate;
import io.tessera.sketch.SampleRunState;
import java.util.Arrays;
import java.util.List;

/** One thread's walk over a range of series, with its own scratch arrays. */
final class SweepWalker {

    /** The longest span of one series a sweep lays out in int milliseconds (about 24 days), sentinels above it. */
    private static final long MAX_SPAN_MS = Integer.MAX_VALUE - 16;
    /** Times past the last sample, so that a cursor's jump of eight stops without a bounds check. */
    private static final int SENTINELS = 9;
    /** Samples a walker lays out at once (a few hundred KiB, so they stay in cache while swept), and series. */
    private static final int BATCH_SAMPLES = 1 << 14;

    private static final int MAX_BATCH = 256;
    /** How much more than a window's increase a counter's first value times its intervals must be for its zero point to be out of reach. */
    private static final double ZERO_MARGIN = 1 + 1e-8;

    private final InstantVector out;
    /** With a {@code sum}: where each value goes instead of {@code out}. */
    final GroupSums sums;

    private final SampleRuns runs;
    private final StepGrid grid;
    private final long windowMs;
    private final ExtrapolatedRate extrapolated;
    private final boolean counter;
    private final boolean rate;
    private final double rangeSeconds;
    private final RunContext context;

    SweepWalker(InstantVector out, GroupSums sums, SampleRuns runs, SweptFunction function, RunContext context) {
        this.out = out;
        this.sums = sums;
        this.runs = runs;
        this.grid = function.grid();
        this.windowMs = function.windowMs();
        this.extrapolated = function.function();
        this.counter = extrapolated.counter();
        this.rate = extrapolated.perSecond();
        this.rangeSeconds = windowMs / 1000.0;
        this.context = context;
    }

    /** An evenly spaced series laid out in the scratch arrays: {@code count} samples from {@code first}, {@code delta} apart. */
    private record EvenLayout(int series, long delta, int first, long count, boolean corrected) {}

    private int[] times = new int[1 << 14];
    private double[] values = new double[1 << 14];
    private double[] drops = new double[1 << 14];
    private int[] start = new int[64];
    private int[] filled = new int[64];
    /** Per series of the batch: the time between its samples when all are evenly spaced, else 0. */
    private long[] interval = new long[64];
    /** The sums of the group of the series being swept, with a {@code sum}. */
    private double[] groupSum;

    private double[] groupComp;
    private long[] groupSeen;
    /** The interval {@link #factors} last made its table for, and the table. */
    private long factorsDelta;

    private double[] factorTable;

    /**
     * Series {@code [from, to)} in batches whose samples fit the scratch arrays: each batch's
     * runs copied pane by pane (the runs of one pane lie side by side, series after series, so
     * the copy reads each pane's arrays front to back), then each series swept. The times of a
     * series whose samples are evenly spaced are not copied: they are computed.
     */
    void walk(int from, int to) {
        for (int b = from; b < to; ) {
            context.checkAlive();
            int e = b;
            int samples = 0;
            int mostRuns = 0;
            while (e < to && e - b < MAX_BATCH) {
                int total = 0;
                for (SampleRunState run : runs.runs.get(e)) {
                    total += run.count();
                }
                if (e > b && samples + total + SENTINELS > BATCH_SAMPLES) {
                    break;
                }
                if (start.length <= e - b) {
                    start = Arrays.copyOf(start, (e - b) * 2);
                    filled = Arrays.copyOf(filled, (e - b) * 2);
                    interval = Arrays.copyOf(interval, (e - b) * 2);
                }
                start[e - b] = samples;
                filled[e - b] = samples;
                interval[e - b] = evenInterval(runs.runs.get(e));
                samples += total + SENTINELS;
                mostRuns = Math.max(mostRuns, runs.runs.get(e).size());
                e++;
            }
            if (times.length < samples) {
                times = new int[samples];
                values = new double[samples];
                drops = new double[samples];
            }
            for (int k = 0; k < mostRuns; k++) {
                for (int s = b; s < e; s++) {
                    List<SampleRunState> list = runs.runs.get(s);
                    SampleRunState last = list.getLast();
                    if (k < list.size()
                            && last.time(last.count() - 1) - list.getFirst().base() < MAX_SPAN_MS) {
                        SampleRunState run = list.get(k);
                        int at = filled[s - b];
                        int count = run.count();
                        int p = run.from();
                        if (interval[s - b] == 0) {
                            int shift = (int) (run.base() - list.getFirst().base());
                            int[] off = run.offsets();
                            for (int j = 0; j < count; j++) {
                                times[at + j] = off[p + j] + shift;
                            }
                        }
                        System.arraycopy(run.values(), p, values, at, count);
                        filled[s - b] = at + count;
                    }
                }
            }
            for (int s = b; s < e; s++) {
                toGroupOf(s);
                List<SampleRunState> list = runs.runs.get(s);
                boolean finite = true;
                for (SampleRunState run : list) {
                    finite &= run.finite();
                }
                SampleRunState last = list.getLast();
                if (finite && last.time(last.count() - 1) - list.getFirst().base() < MAX_SPAN_MS) {
                    boolean corrected = counter && dropped(list);
                    if (corrected) {
                        dropSums(list, start[s - b]);
                    }
                    long even = interval[s - b];
                    if (even > 0) {
                        evenSeries(s, list.getFirst().base(), even, start[s - b], filled[s - b], corrected);
                    } else {
                        series(s, list.getFirst().base(), start[s - b], filled[s - b], corrected);
                    }
                } else {
                    seriesOneByOne(s, list);
                }
            }
            b = e;
        }
    }

    /**
     * The time between the samples of a series whose samples, over all its runs, are evenly
     * spaced (each run so, and each run's first sample where the spacing puts it); 0 if they are not.
     */
    private static long evenInterval(List<SampleRunState> list) {
        long base = list.getFirst().base();
        long delta = 0;
        for (SampleRunState run : list) {
            if (run.interval() != 0) {
                delta = run.interval();
                break;
            }
        }
        if (delta == 0 && list.size() > 1) {
            delta = list.get(1).base() - base;
        }
        if (delta <= 0) {
            return 0;
        }
        long index = 0;
        for (SampleRunState run : list) {
            if (run.interval() != 0 && run.interval() != delta || run.base() - base != index * delta) {
                return 0;
            }
            index += run.count();
        }
        return delta;
    }

    /**
     * The running sum of the values before each drop of the series' samples, laid end to end
     * from {@code first}, run after run: a window's reset correction is one subtraction. The
     * sum is carried through a run none of whose values drops without looking at them.
     */
    private void dropSums(List<SampleRunState> list, int first) {
        double[] v = values;
        double[] d = drops;
        double sum = 0;
        int at = first;
        for (int k = 0; k < list.size(); k++) {
            SampleRunState run = list.get(k);
            int end = at + run.count();
            if (k > 0 && v[at] < v[at - 1]) {
                sum += v[at - 1];
            }
            d[at] = sum;
            if (run.dropped()) {
                int x = at + 1;
                // four samples at a time, so that the running sum waits for one addition per four samples, not four
                for (; x + 3 < end; x += 4) {
                    double m0 = dropBefore(v, x);
                    double m01 = m0 + dropBefore(v, x + 1);
                    double m2 = dropBefore(v, x + 2);
                    double m23 = m2 + dropBefore(v, x + 3);
                    d[x] = sum + m0;
                    d[x + 1] = sum + m01;
                    d[x + 2] = sum + (m01 + m2);
                    sum += m01 + m23;
                    d[x + 3] = sum;
                }
                for (; x < end; x++) {
                    sum += dropBefore(v, x);
                    d[x] = sum;
                }
            } else {
                Arrays.fill(d, at + 1, end, sum);
            }
            at = end;
        }
    }

    /** The value before sample {@code x} if sample {@code x} is lower, else 0; without a branch: the sign of a finite difference says. */
    private static double dropBefore(double[] v, int x) {
        double before = v[x - 1];
        long dropped = Double.doubleToRawLongBits(v[x] - before) >> 63;
        return Double.longBitsToDouble(Double.doubleToRawLongBits(before) & dropped);
    }

    /**
     * The sweep over series {@code s}'s samples, all finite, laid end to end in the scratch
     * arrays at {@code [first, last)} (times after {@code base}): two cursors that only move
     * forward, and the running sums of its drops when {@code corrected}.
     */
    private void series(int s, long base, int first, int last, boolean corrected) {
        int[] t = times;
        double[] v = values;
        double[] d = drops;
        Arrays.fill(t, last, last + SENTINELS, Integer.MAX_VALUE);
        long startRel = grid.start() - base;
        long step = grid.step();
        int steps = grid.size();
        int lo = first;
        int hi = first;
        for (int i = 0; i < steps; i++) {
            long endRel = startRel + i * step;
            int end = clamp(endRel);
            int begin = clamp(endRel - windowMs);
            // jumps of eight first: a second's scrape moves a 15 s step by 15 samples
            while (t[lo + 8] <= begin) {
                lo += 8;
            }
            while (t[lo] <= begin) {
                lo++;
            }
            if (hi < lo) {
                hi = lo;
            }
            while (t[hi + 8] <= end) {
                hi += 8;
            }
            while (t[hi] <= end) {
                hi++;
            }
            int count = hi - lo;
            if (count < 2) {
                continue;
            }
            double firstValue = v[lo];
            double result = v[hi - 1] - firstValue;
            if (corrected) {
                result += d[hi - 1] - d[lo];
            }
            emit(s, i, extrapolate(count, t[lo], firstValue, t[hi - 1], result, endRel - windowMs, endRel));
        }
    }

    /**
     * The sweep over series {@code s}, whose samples are {@code delta} apart from {@code base}
     * on: sample {@code j} is at {@code base + j·delta}, so the samples up to a time are
     * counted, not searched. A window's edges move by the same step each time, so each count
     * moves by the step's quotient by {@code delta}, one more when the remainders carry over.
     * While the unclamped counts stay in {@code [0, n]}, no gap at a window's edges is as long
     * as an interval (only windows where the series begins or ends have one), so the whole
     * window is extrapolated over (the samples' span and both gaps make {@code windowMs}): its answer
     * is its increase times a factor that depends on its sample count alone — unless a counter
     * would reach zero inside the gap before its first sample.
     */
    private void evenSeries(int s, long base, long delta, int first, int last, boolean corrected) {
        double[] v = values;
        double[] d = drops;
        double[] factor = factors(delta);
        long n = last - first;
        EvenLayout layout = new EvenLayout(s, delta, first, n, corrected);
        long step = grid.step();
        long stepQuotient = step / delta;
        long stepRemainder = step % delta;
        long endRel = grid.start() - base;
        // samples at or before base + x: floorDiv(x, delta) + 1, in [0, n] once clamped
        long loRaw = Math.floorDiv(endRel - windowMs, delta) + 1;
        long beginRemainder = Math.floorMod(endRel - windowMs, delta);
        long hiRaw = Math.floorDiv(endRel, delta) + 1;
        long endRemainder = Math.floorMod(endRel, delta);
        int steps = grid.size();
        for (int i = 0; i < steps; i++) {
            long count = hiRaw - loRaw;
            if (loRaw >= 0 && hiRaw <= n && count >= 2 && count < factor.length) {
                int lo = first + (int) loRaw;
                int hi = first + (int) hiRaw;
                double firstValue = v[lo];
                double result = v[hi - 1] - firstValue;
                if (corrected) {
                    result += d[hi - 1] - d[lo];
                }
                // the zero point of a counter lies further back than an interval before its first sample, by a
                // margin
                if (!counter || firstValue * (count - 1) > result * ZERO_MARGIN) {
                    emit(s, i, result * factor[(int) count]);
                } else {
                    emit(
                            s,
                            i,
                            extrapolate(
                                    count,
                                    loRaw * delta,
                                    firstValue,
                                    (hiRaw - 1) * delta,
                                    result,
                                    endRel - windowMs,
                                    endRel));
                }
            } else {
                edgeWindow(layout, i, loRaw, hiRaw, endRel);
            }
            endRel += step;
            loRaw += stepQuotient;
            beginRemainder += stepRemainder;
            long carry = beginRemainder >= delta ? 1 : 0;
            loRaw += carry;
            beginRemainder -= carry * delta;
            hiRaw += stepQuotient;
            endRemainder += stepRemainder;
            carry = endRemainder >= delta ? 1 : 0;
            hiRaw += carry;
            endRemainder -= carry * delta;
        }
    }

    /** A window of an evenly spaced series at its first or last samples (or with fewer than two). */
    private void edgeWindow(EvenLayout layout, int i, long loRaw, long hiRaw, long endRel) {
        long n = layout.count();
        long delta = layout.delta();
        int first = layout.first();
        int lo = (int) Math.min(Math.max(loRaw, 0), n);
        int hi = (int) Math.min(Math.max(hiRaw, 0), n);
        int count = hi - lo;
        if (count < 2) {
            return;
        }
        double firstValue = values[first + lo];
        double result = values[first + hi - 1] - firstValue;
        if (layout.corrected()) {
            result += drops[first + hi - 1] - drops[first + lo];
        }
        emit(
                layout.series(),
                i,
                extrapolate(count, lo * delta, firstValue, (hi - 1) * delta, result, endRel - windowMs, endRel));
    }

    /**
     * By sample count, what a window's increase is multiplied by when its samples are
     * {@code delta} apart and it is extrapolated over whole: {@code windowMs} over the samples' span
     * (and over the window's seconds for {@code rate}); kept while the interval stays the same.
     */
    private double[] factors(long delta) {
        if (delta != factorsDelta) {
            long most = Math.min(windowMs / delta + 2, 1 << 16);
            factorTable = new double[(int) most];
            for (int count = 2; count < most; count++) {
                double sampled = (count - 1) * delta;
                factorTable[count] = windowMs / (rate ? sampled * rangeSeconds : sampled);
            }
            factorsDelta = delta;
        }
        return factorTable;
    }

    /** Whether a value of the series' runs drops, inside a run or from one run to the next: only then are resets corrected. */
    private static boolean dropped(List<SampleRunState> runs) {
        SampleRunState before = null;
        for (SampleRunState run : runs) {
            if (run.dropped() || before != null && run.value(0) < before.value(before.count() - 1)) {
                return true;
            }
            before = run;
        }
        return false;
    }

    private void emit(int s, int i, double v) {
        if (sums == null) {
            out.set(s, i, v);
            return;
        }
        double[] sum = groupSum;
        double[] comp = groupComp;
        long[] has = groupSeen;
        if ((has[i >>> 6] & (1L << i)) == 0) {
            has[i >>> 6] |= 1L << i;
            sum[i] = v;
            comp[i] = 0;
        } else {
            double before = sum[i];
            double t = before + v;
            comp[i] = NeumaierSum.compensation(v, before, t, comp[i]);
            sum[i] = t;
        }
    }

    /** Series {@code s}'s answers go to its group's sums from now on. */
    private void toGroupOf(int s) {
        if (sums != null) {
            int g = sums.groupOf[s];
            groupSum = sums.sums[g];
            groupComp = sums.comps[g];
            groupSeen = sums.seen[g];
        }
    }

    private static int clamp(long t) {
        return t >= Integer.MAX_VALUE ? Integer.MAX_VALUE - 1 : t < -1 ? -1 : (int) t;
    }

    /**
     * Series {@code s} with a NaN or infinite value, or whose samples span more than int
     * milliseconds hold: each window folded sample by sample, as the exact engine does.
     */
    private void seriesOneByOne(int s, List<SampleRunState> list) {
        int steps = grid.size();
        for (int i = 0; i < steps; i++) {
            long end = grid.time(i);
            long begin = end - windowMs;
            CounterState state = new CounterState();
            for (SampleRunState run : list) {
                if (run.time(run.count() - 1) <= begin || run.base() > end) {
                    continue;
                }
                for (int j = 0; j < run.count(); j++) {
                    long t = run.time(j);
                    if (t > begin && t <= end) {
                        state.update(t, run.value(j));
                    }
                }
            }
            if (state.count() < 2) {
                continue;
            }
            emit(s, i, !counter ? state.delta(begin, end) : rate ? state.rate(begin, end) : state.increase(begin, end));
        }
    }

    /**
     * Prometheus' extrapolation, with its two threshold tests and the counter's zero clamp
     * decided exactly in integer milliseconds (or, when too close to call, by
     * {@link CounterState#extrapolate} itself), and one division where no gap is extrapolated
     * by half an interval.
     */
    private double extrapolate(
            long count, long firstT, double firstValue, long lastT, double result, long begin, long end) {
        long toStart = firstT - begin;
        long toEnd = end - lastT;
        long sampled = lastT - firstT;
        long m = count - 1;
        if ((toStart | toEnd | sampled) >= Integer.MAX_VALUE || m >= 1 << 26) {
            return exactly(count, firstT, firstValue, lastT, result, begin, end);
        }
        // a gap is extrapolated over while it is under 1.1 average intervals: 10·gap·m < 11·sampled
        long threshold = 11 * sampled;
        long startTest = 10 * toStart * m;
        long endTest = 10 * toEnd * m;
        if (startTest == threshold || endTest == threshold) {
            return exactly(count, firstT, firstValue, lastT, result, begin, end);
        }
        double startMs = startTest < threshold ? toStart : sampled / (2.0 * m);
        double endMs = endTest < threshold ? toEnd : sampled / (2.0 * m);
        if (counter && result > 0 && firstValue >= 0) {
            // the counter would reach zero before the start: sampled·first/result < startMs
            double a = firstValue * sampled;
            double b = startMs * result;
            if (!(Math.abs(a - b) > 1e-9 * Math.max(a, b))) {
                return exactly(count, firstT, firstValue, lastT, result, begin, end);
            }
            if (a < b) {
                startMs = sampled * (firstValue / result);
            }
        }
        return result * (sampled + startMs + endMs) / (rate ? sampled * rangeSeconds : sampled);
    }

    /** The engine's own arithmetic, for what the integer tests cannot decide; kept apart so the fast path stays small. */
    private double exactly(
            long count, long firstT, double firstValue, long lastT, double result, long begin, long end) {
        return CounterState.extrapolate(count, firstT, firstValue, lastT, result, begin, end, extrapolated);
    }
}
