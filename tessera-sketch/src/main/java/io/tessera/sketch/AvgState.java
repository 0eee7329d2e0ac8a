package io.tessera.sketch;

import io.tessera.core.StaleMarker;

/**
 * {@code avg_over_time} / SQL {@code AVG}, as Prometheus computes it: a compensated sum divided
 * by the count while the sum stays finite, and an incremental (compensated) mean once the sum
 * would overflow. Merge adds the sums, or weights the two means by their counts when the
 * merged sum would overflow. Stale markers are ignored; an ordinary NaN makes the mean NaN.
 */
public final class AvgState extends KahanSum implements FixedWidthState {

    /** Version 2 adds the magnitude; version 1 bytes are still read. */
    static final int VERSION = 2;

    private long count;
    /** The sum of the values' magnitudes: what bounds how the order of the additions shows in the mean. */
    private double magnitude;

    private boolean incremental;
    // the compensated sum (KahanSum's), or in incremental mode the compensated mean

    public AvgState() {}

    @Override
    public StateFamily family() {
        return StateFamily.AVG;
    }

    @Override
    public void update(long ts, double value) {
        if (!StaleMarker.isStale(value)) {
            add(value);
        }
    }

    private void add(double v) {
        count++;
        magnitude += Math.abs(v);
        if (count == 1) {
            set(v, 0);
            return;
        }
        double n = count;
        if (!incremental) {
            double before = sum;
            double beforeC = c;
            addCompensated(v);
            if (!Double.isInfinite(sum)) {
                return;
            }
            incremental = true;
            set(before / (n - 1), beforeC / (n - 1));
        }
        double q = (n - 1) / n;
        set(q * sum, q * c);
        addCompensated(v / n);
    }

    @Override
    public void merge(State other) {
        AvgState o = States.sameFamily(this, other, AvgState.class);
        if (States.mergedWhenEitherEmpty(this, o)) {
            return;
        }
        magnitude += o.magnitude;
        long n = count + o.count;
        if (!incremental && !o.incremental) {
            double before = sum;
            double beforeC = c;
            addCompensated(o);
            if (!Double.isInfinite(sum) || Double.isInfinite(before) || Double.isInfinite(o.sum)) {
                count = n;
                return;
            }
            set(before, beforeC);
        }
        double wa = (double) count / n;
        double wb = (double) o.count / n;
        double meanA = incremental ? sum : sum / count;
        double compA = incremental ? c : c / count;
        double meanB = o.incremental ? o.sum : o.sum / o.count;
        double compB = o.incremental ? o.c : o.c / o.count;
        set(meanA * wa, compA * wa);
        addCompensated(meanB * wb);
        c += compB * wb;
        incremental = true;
        count = n;
    }

    /** The mean; NaN when empty. */
    public double value() {
        if (count == 0) {
            return Double.NaN;
        }
        if (incremental) {
            return sum + c;
        }
        return sum / count + c / count;
    }

    public long count() {
        return count;
    }

    /**
     * How far this mean may be from the mean of the same values added one by one in another
     * order or grouping (as the exact engine adds a window's samples): a bound from the
     * magnitudes added, infinite or NaN when a value is not finite, the sum could overflow, or
     * the state was read from bytes that did not keep the magnitudes.
     */
    public double orderErrorBound() {
        if (incremental || !(magnitude < Double.MAX_VALUE / 2)) {
            return magnitude + Double.POSITIVE_INFINITY;
        }
        return 2.0 * Math.ulp(1.0) * magnitude / count;
    }

    @Override
    public boolean isEmpty() {
        return count == 0;
    }

    @Override
    public byte[] serialize() {
        return new StateWriter(family(), VERSION, 33)
                .putLong(count)
                .putByte(incremental ? 1 : 0)
                .putDouble(sum)
                .putDouble(c)
                .putDouble(magnitude)
                .toByteArray();
    }

    public static AvgState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.AVG, 1, VERSION);
        AvgState s = new AvgState();
        s.count = r.getCount("sample count");
        int mode = r.getByte("mode");
        if (mode > 1) {
            throw r.invalid("mode byte is " + mode + ", expected 0 (sum) or 1 (incremental mean)");
        }
        s.incremental = mode == 1;
        s.set(r.getDouble("sum or mean"), r.getDouble("compensation"));
        s.magnitude = r.version() >= 2 ? r.getDouble("magnitude") : Double.NaN;
        r.finish();
        return s;
    }

    @Override
    public void writeWords(long[] words, int at) {
        words[at] = count;
        words[at + 1] = incremental ? 1 : 0;
        words[at + 2] = StateWords.bits(sum);
        words[at + 3] = StateWords.bits(c);
        words[at + 4] = StateWords.bits(magnitude);
    }

    @Override
    public void readWords(long[] words, int at) {
        count = words[at];
        incremental = words[at + 1] != 0;
        set(StateWords.value(words[at + 2]), StateWords.value(words[at + 3]));
        magnitude = StateWords.value(words[at + 4]);
    }

    @Override
    public String toString() {
        return "AvgState{count=" + count + ", mean=" + value() + "}";
    }
}
