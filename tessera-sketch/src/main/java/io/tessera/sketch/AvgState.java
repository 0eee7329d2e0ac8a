package io.tessera.sketch;

import io.tessera.core.StaleMarker;

/**
 * {@code avg_over_time} / SQL {@code AVG}, as Prometheus computes it: a compensated sum divided
 * by the count while the sum stays finite, and an incremental (compensated) mean once the sum
 * would overflow. Merge adds the sums, or weights the two means by their counts when the
 * merged sum would overflow. Stale markers are ignored; an ordinary NaN makes the mean NaN.
 */
public final class AvgState extends KahanSum implements FixedWidthState {

    static final int VERSION = 1;

    private long count;
    private boolean incremental;
    // the compensated sum (KahanSum's), or in incremental mode the compensated mean

    public AvgState() {
    }

    @Override
    public StateFamily family() {
        return StateFamily.AVG;
    }

    @Override
    public void update(long[] ts, double[] values, int from, int to) {
        for (int i = from; i < to; i++) {
            double v = values[i];
            if (!StaleMarker.isStale(v)) {
                add(v);
            }
        }
    }

    @Override
    public void update(long ts, double value) {
        if (!StaleMarker.isStale(value)) {
            add(value);
        }
    }

    private void add(double v) {
        count++;
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
        if (o.count == 0) {
            return;
        }
        if (count == 0) {
            count = o.count;
            incremental = o.incremental;
            copyFrom(o);
            return;
        }
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

    @Override
    public AvgState copy() {
        AvgState s = new AvgState();
        s.count = count;
        s.incremental = incremental;
        s.copyFrom(this);
        return s;
    }

    @Override
    public boolean isEmpty() {
        return count == 0;
    }

    @Override
    public byte[] serialize() {
        return new StateWriter(family(), VERSION, 25).putLong(count).putByte(incremental ? 1 : 0)
                .putDouble(sum).putDouble(c).toByteArray();
    }

    public static AvgState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.AVG, VERSION);
        AvgState s = new AvgState();
        s.count = r.getCount("sample count");
        int mode = r.getByte("mode");
        if (mode > 1) {
            throw r.invalid("mode byte is " + mode + ", expected 0 (sum) or 1 (incremental mean)");
        }
        s.incremental = mode == 1;
        s.set(r.getDouble("sum or mean"), r.getDouble("compensation"));
        r.finish();
        return s;
    }

    @Override
    public void writeWords(long[] words, int at) {
        words[at] = count;
        words[at + 1] = incremental ? 1 : 0;
        words[at + 2] = StateWords.bits(sum);
        words[at + 3] = StateWords.bits(c);
    }

    static AvgState fromWords(long[] words, int at) {
        AvgState s = new AvgState();
        s.count = words[at];
        s.incremental = words[at + 1] != 0;
        s.set(StateWords.value(words[at + 2]), StateWords.value(words[at + 3]));
        return s;
    }

    @Override
    public long memoryBytes() {
        return 40;
    }

    @Override
    public ErrorBound errorBound() {
        return ErrorBound.EXACT;
    }

    @Override
    public String toString() {
        return "AvgState{count=" + count + ", mean=" + value() + "}";
    }
}
