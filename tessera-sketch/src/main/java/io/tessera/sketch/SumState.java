package io.tessera.sketch;

import io.tessera.core.StaleMarker;

/**
 * {@code sum_over_time} / SQL {@code SUM}: a Kahan–Neumaier compensated sum, as Prometheus
 * computes it; merge adds both the sums and their compensations. Stale markers are ignored;
 * an ordinary NaN makes the sum NaN, as in Prometheus.
 */
public final class SumState extends KahanSum implements FixedWidthState {

    /** Version 2 adds the magnitude; version 1 bytes are still read. */
    static final int VERSION = 2;

    private long count;
    /** The sum of the values' magnitudes: what bounds how the order of the additions shows in the sum. */
    private double magnitude;

    public SumState() {}

    @Override
    public StateFamily family() {
        return StateFamily.SUM;
    }

    @Override
    public void update(long ts, double value) {
        if (!StaleMarker.isStale(value)) {
            addCompensated(value);
            magnitude += Math.abs(value);
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
        magnitude += o.magnitude;
        count += o.count;
    }

    /** The compensated sum; 0 when empty (Prometheus then has no value: check {@link #isEmpty()}). */
    public double value() {
        return compensatedValue();
    }

    /**
     * How far this sum may be from the same values added one by one in another order or grouping
     * (as the exact engine adds a window's samples): a bound from the magnitudes added, infinite
     * or NaN when a value is not finite or the magnitudes pass the double range, NaN for a state
     * read from bytes that did not keep them.
     */
    public double orderErrorBound() {
        return magnitude < Double.MAX_VALUE / 2
                ? 2.0 * Math.ulp(1.0) * magnitude
                : magnitude + Double.POSITIVE_INFINITY;
    }

    /** Number of samples added. */
    public long count() {
        return count;
    }

    @Override
    public boolean isEmpty() {
        return count == 0;
    }

    public static SumState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.SUM, 1, VERSION);
        SumState s = new SumState();
        s.count = r.getCount("sample count");
        s.set(r.getDouble("sum"), r.getDouble("compensation"));
        s.magnitude = r.version() >= 2 ? r.getDouble("magnitude") : Double.NaN;
        r.finish();
        return s;
    }

    @Override
    public void writeWords(long[] words, int at) {
        words[at] = count;
        words[at + 1] = StateWords.bits(sum);
        words[at + 2] = StateWords.bits(c);
        words[at + 3] = StateWords.bits(magnitude);
    }

    @Override
    public void readWords(long[] words, int at) {
        count = words[at];
        set(StateWords.value(words[at + 1]), StateWords.value(words[at + 2]));
        magnitude = StateWords.value(words[at + 3]);
    }

    @Override
    public String toString() {
        return "SumState{count=" + count + ", sum=" + value() + "}";
    }
}
