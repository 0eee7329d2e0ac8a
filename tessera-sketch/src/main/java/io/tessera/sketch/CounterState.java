package io.tessera.sketch;

import io.tessera.core.StaleMarker;

/**
 * {@code rate}, {@code increase}, {@code delta}, {@code resets} and {@code changes}: the first
 * and last samples, the sample count, the counter-reset correction (the sum of the values just
 * before each drop), and the numbers of resets and of changes. Merging the states of two
 * disjoint intervals, in either call order, gives exactly the state of their union: a drop or a
 * change across the boundary between them is counted from the samples each side keeps.
 *
 * <p>The finalizers implement Prometheus 3's {@code extrapolatedRate} for float samples. With
 * fewer than two samples they return NaN, which stands for "no value" (Prometheus drops the
 * series). {@link #resets()} and {@link #changes()} have a value whenever the state is not empty.
 *
 * <p>Samples must be added in strictly ascending time order. Stale markers are ignored. An
 * ordinary NaN is compared as Prometheus compares it: it is never a reset, and a change unless
 * the previous value was NaN too.
 */
public final class CounterState implements FixedWidthState {

    /** Version 2 adds the magnitude of the correction; version 1 bytes are still read. */
    static final int VERSION = 2;

    /** Ints, not longs: a state is kept for every series and pane, and 2^31 samples of one series in one state is far past any range. */
    private int count;

    private long firstTs;
    private double firstValue;
    private long lastTs;
    private double lastValue;
    private double correction;
    /** The sum of the magnitudes of the values added to {@code correction}: what bounds its rounding. */
    private double correctionMagnitude;

    private int resets;
    private int changes;

    public CounterState() {}

    @Override
    public StateFamily family() {
        return StateFamily.COUNTER;
    }

    @Override
    public void update(long ts, double v) {
        if (StaleMarker.isStale(v)) {
            return;
        }
        if (count == 0) {
            firstTs = ts;
            firstValue = v;
        } else {
            if (ts <= lastTs) {
                throw new IllegalArgumentException(
                        "counter samples must be in ascending time order: " + ts + " after " + lastTs);
            }
            step(lastValue, v);
        }
        lastTs = ts;
        lastValue = v;
        count = States.addCounts(count, 1);
    }

    private void step(double prev, double cur) {
        if (cur < prev) {
            correction += prev;
            correctionMagnitude += Math.abs(prev);
            resets++;
        }
        if (cur != prev && !(Double.isNaN(cur) && Double.isNaN(prev))) {
            changes++;
        }
    }

    @Override
    public void merge(State other) {
        CounterState o = States.sameFamily(this, other, CounterState.class);
        if (States.mergedWhenEitherEmpty(this, o)) {
            return;
        }
        CounterState earlier;
        CounterState later;
        if (lastTs < o.firstTs) {
            earlier = this;
            later = o;
        } else if (o.lastTs < firstTs) {
            earlier = o;
            later = this;
        } else {
            throw new IllegalArgumentException("cannot merge counter states of overlapping time ranges [" + firstTs
                    + ", " + lastTs + "] and [" + o.firstTs + ", " + o.lastTs + "]");
        }
        double prev = earlier.lastValue;
        double cur = later.firstValue;
        int n = States.addCounts(earlier.count, later.count);
        long fTs = earlier.firstTs;
        double fV = earlier.firstValue;
        long lTs = later.lastTs;
        double lV = later.lastValue;
        correction = earlier.correction + later.correction;
        correctionMagnitude = earlier.correctionMagnitude + later.correctionMagnitude;
        resets = States.addCounts(earlier.resets, later.resets);
        changes = States.addCounts(earlier.changes, later.changes);
        step(prev, cur);
        count = n;
        firstTs = fTs;
        firstValue = fV;
        lastTs = lTs;
        lastValue = lV;
    }

    /** {@code increase(x[r])} for the range {@code (rangeStart, rangeEnd]}; NaN with fewer than two samples. */
    public double increase(long rangeStart, long rangeEnd) {
        return extrapolatedRate(rangeStart, rangeEnd, ExtrapolatedRate.INCREASE);
    }

    /** {@code rate(x[r])}: per-second increase over {@code (rangeStart, rangeEnd]}; NaN with fewer than two samples. */
    public double rate(long rangeStart, long rangeEnd) {
        return extrapolatedRate(rangeStart, rangeEnd, ExtrapolatedRate.RATE);
    }

    /** {@code delta(x[r])} of a gauge over {@code (rangeStart, rangeEnd]}; NaN with fewer than two samples. */
    public double delta(long rangeStart, long rangeEnd) {
        return extrapolatedRate(rangeStart, rangeEnd, ExtrapolatedRate.DELTA);
    }

    /** {@code function} of the samples added, over the range {@code (rangeStart, rangeEnd]}; NaN with fewer than two. */
    public double extrapolatedRate(long rangeStart, long rangeEnd, ExtrapolatedRate function) {
        if (rangeEnd <= rangeStart) {
            throw new IllegalArgumentException("empty range (" + rangeStart + ", " + rangeEnd + "]");
        }
        if (count > 0 && (firstTs <= rangeStart || lastTs > rangeEnd)) {
            throw new IllegalArgumentException("samples [" + firstTs + ", " + lastTs + "] are not inside the range ("
                    + rangeStart + ", " + rangeEnd + "]");
        }
        if (count < 2) {
            return Double.NaN;
        }
        double result = lastValue - firstValue;
        if (function.counter()) {
            result += correction;
        }
        return extrapolate(count, firstTs, firstValue, lastTs, result, rangeStart, rangeEnd, function);
    }

    /**
     * Prometheus' extrapolation of a window's {@code result} (last minus first, plus the reset
     * correction for a counter) from its {@code count >= 2} samples between {@code firstTs} and
     * {@code lastTs} to the range {@code (rangeStart, rangeEnd]}, as {@code function} does it.
     */
    public static double extrapolate(
            long count,
            long firstTs,
            double firstValue,
            long lastTs,
            double result,
            long rangeStart,
            long rangeEnd,
            ExtrapolatedRate function) {
        double durationToStart = (firstTs - rangeStart) / 1000.0;
        double durationToEnd = (rangeEnd - lastTs) / 1000.0;
        double sampledInterval = (lastTs - firstTs) / 1000.0;
        double averageDurationBetweenSamples = sampledInterval / (count - 1);
        double extrapolationThreshold = averageDurationBetweenSamples * 1.1;
        if (durationToStart >= extrapolationThreshold) {
            durationToStart = averageDurationBetweenSamples / 2;
        }
        if (function.counter() && result > 0 && firstValue >= 0) {
            double durationToZero = sampledInterval * (firstValue / result);
            if (durationToZero < durationToStart) {
                durationToStart = durationToZero;
            }
        }
        if (durationToEnd >= extrapolationThreshold) {
            durationToEnd = averageDurationBetweenSamples / 2;
        }
        double factor = (sampledInterval + durationToStart + durationToEnd) / sampledInterval;
        if (function.perSecond()) {
            factor /= (rangeEnd - rangeStart) / 1000.0;
        }
        return result * factor;
    }

    /** {@code resets(x[r])}: the number of drops in value; meaningful when not empty. */
    public long resets() {
        return resets;
    }

    /** {@code changes(x[r])}: the number of changes in value; meaningful when not empty. */
    public long changes() {
        return changes;
    }

    public long count() {
        return count;
    }

    public long firstTimestamp() {
        return firstTs;
    }

    public double firstValue() {
        return firstValue;
    }

    public long lastTimestamp() {
        return lastTs;
    }

    public double lastValue() {
        return lastValue;
    }

    /** The sum of the values just before each reset, added to {@code last - first} by {@code increase}. */
    public double resetCorrection() {
        return correction;
    }

    /**
     * How far the counter's sum (last minus first plus the reset correction) may be from the same
     * sum taken sample by sample, as Prometheus adds each reset's value in turn: 0 without a reset
     * (both are the one subtraction), otherwise a bound from the magnitudes added, which an
     * infinite value or one past the double range makes infinite. NaN for a state read from bytes
     * that did not keep the magnitudes.
     */
    public double counterSumErrorBound() {
        if (resets == 0) {
            return 0;
        }
        return 2.0 * (resets + 2) * Math.ulp(1.0) * (Math.abs(lastValue) + Math.abs(firstValue) + correctionMagnitude);
    }

    @Override
    public boolean isEmpty() {
        return count == 0;
    }

    @Override
    public byte[] serialize() {
        return new StateWriter(family(), VERSION, 72)
                .putLong(count)
                .putLong(firstTs)
                .putDouble(firstValue)
                .putLong(lastTs)
                .putDouble(lastValue)
                .putDouble(correction)
                .putLong(resets)
                .putLong(changes)
                .putDouble(correctionMagnitude)
                .toByteArray();
    }

    public static CounterState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.COUNTER, 1, VERSION);
        CounterState s = new CounterState();
        s.count = r.getIntCount("sample count");
        s.firstTs = r.getLong("first timestamp");
        s.firstValue = r.getDouble("first value");
        s.lastTs = r.getLong("last timestamp");
        s.lastValue = r.getDouble("last value");
        s.correction = r.getDouble("reset correction");
        s.resets = r.getIntCount("reset count");
        s.changes = r.getIntCount("change count");
        s.correctionMagnitude = r.version() >= 2 ? r.getDouble("correction magnitude") : s.resets == 0 ? 0 : Double.NaN;
        r.finish();
        if (s.count > 0 && s.lastTs < s.firstTs) {
            throw r.invalid("last timestamp " + s.lastTs + " is before first timestamp " + s.firstTs);
        }
        if (s.count == 1 && s.lastTs != s.firstTs) {
            throw r.invalid("one sample but first and last timestamps differ");
        }
        if (s.count > 0 && (s.resets >= s.count || s.changes >= s.count)) {
            throw r.invalid("more resets or changes than sample pairs");
        }
        return s;
    }

    @Override
    public void writeWords(long[] words, int at) {
        words[at] = ((long) count << 32) | (resets & 0xffffffffL);
        words[at + 1] = changes;
        words[at + 2] = firstTs;
        words[at + 3] = StateWords.bits(firstValue);
        words[at + 4] = lastTs;
        words[at + 5] = StateWords.bits(lastValue);
        words[at + 6] = StateWords.bits(correction);
        words[at + 7] = StateWords.bits(correctionMagnitude);
    }

    @Override
    public void readWords(long[] words, int at) {
        count = (int) (words[at] >>> 32);
        resets = (int) words[at];
        changes = (int) words[at + 1];
        firstTs = words[at + 2];
        firstValue = StateWords.value(words[at + 3]);
        lastTs = words[at + 4];
        lastValue = StateWords.value(words[at + 5]);
        correction = StateWords.value(words[at + 6]);
        correctionMagnitude = StateWords.value(words[at + 7]);
    }

    @Override
    public String toString() {
        return "CounterState{count=" + count + ", first=(" + firstTs + ", " + firstValue + "), last=(" + lastTs
                + ", " + lastValue + "), correction=" + correction + " (magnitude " + correctionMagnitude + "), resets="
                + resets + ", changes=" + changes
                + "}";
    }
}
