package io.tessera.sketch;

import io.tessera.core.StaleMarker;

/**
 * {@code sum_over_time} / SQL {@code SUM}: a Kahan–Neumaier compensated sum, as Prometheus
 * computes it; merge adds both the sums and their compensations. Stale markers are ignored;
 * an ordinary NaN makes the sum NaN, as in Prometheus.
 */
public final class SumState extends KahanSum implements FixedWidthState {

    static final int VERSION = 1;

    private long count;

    public SumState() {
    }

    @Override
    public StateFamily family() {
        return StateFamily.SUM;
    }

    @Override
    public void update(long[] ts, double[] values, int from, int to) {
        for (int i = from; i < to; i++) {
            double v = values[i];
            if (!StaleMarker.isStale(v)) {
                addCompensated(v);
                count++;
            }
        }
    }

    @Override
    public void update(long ts, double value) {
        if (!StaleMarker.isStale(value)) {
            addCompensated(value);
            count++;
        }
    }

    @Override
    public void merge(State other) {
        SumState o = States.sameFamily(this, other, SumState.class);
        if (o.count == 0) {
            return;
        }
        addCompensated(o);
        count += o.count;
    }

    /** The compensated sum; 0 when empty (Prometheus then has no value: check {@link #isEmpty()}). */
    public double value() {
        return compensatedValue();
    }

    /** Number of samples added. */
    public long count() {
        return count;
    }

    @Override
    public SumState copy() {
        SumState s = new SumState();
        s.copyFrom(this);
        s.count = count;
        return s;
    }

    @Override
    public boolean isEmpty() {
        return count == 0;
    }

    @Override
    public byte[] serialize() {
        return new StateWriter(family(), VERSION, 24).putLong(count).putDouble(sum).putDouble(c).toByteArray();
    }

    public static SumState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.SUM, VERSION);
        SumState s = new SumState();
        s.count = r.getCount("sample count");
        s.set(r.getDouble("sum"), r.getDouble("compensation"));
        r.finish();
        return s;
    }

    @Override
    public void writeWords(long[] words, int at) {
        words[at] = count;
        words[at + 1] = StateWords.bits(sum);
        words[at + 2] = StateWords.bits(c);
    }

    static SumState fromWords(long[] words, int at) {
        SumState s = new SumState();
        s.count = words[at];
        s.set(StateWords.value(words[at + 1]), StateWords.value(words[at + 2]));
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
        return "SumState{count=" + count + ", sum=" + value() + "}";
    }
}
