package io.tessera.sketch;

import io.tessera.core.StaleMarker;

/**
 * {@code min_over_time} / SQL {@code MIN}: the smallest value. As in Prometheus, NaN values lose to
 * any other value, so the result is NaN only when every sample is NaN. Stale markers are
 * ignored.
 */
public final class MinState implements State {

    static final int VERSION = 1;

    private long count;
    private double value = Double.NaN;

    public MinState() {
    }

    @Override
    public StateFamily family() {
        return StateFamily.MIN;
    }

    @Override
    public void update(long[] ts, double[] values, int from, int to) {
        for (int i = from; i < to; i++) {
            double v = values[i];
            if (!StaleMarker.isStale(v)) {
                if (v < value || Double.isNaN(value)) {
                    value = v;
                }
                count++;
            }
        }
    }

    @Override
    public void update(long ts, double v) {
        if (!StaleMarker.isStale(v)) {
            if (v < value || Double.isNaN(value)) {
                value = v;
            }
            count++;
        }
    }

    @Override
    public void merge(State other) {
        MinState o = States.sameFamily(this, other, MinState.class);
        if (o.count == 0) {
            return;
        }
        if (o.value < value || Double.isNaN(value)) {
            value = o.value;
        }
        count += o.count;
    }

    /** The smallest value; NaN when empty or when every sample was NaN. */
    public double value() {
        return value;
    }

    @Override
    public MinState copy() {
        MinState s = new MinState();
        s.count = count;
        s.value = value;
        return s;
    }

    @Override
    public boolean isEmpty() {
        return count == 0;
    }

    @Override
    public byte[] serialize() {
        return new StateWriter(family(), VERSION, 16).putLong(count).putDouble(value).toByteArray();
    }

    public static MinState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.MIN, VERSION);
        MinState s = new MinState();
        s.count = r.getCount("sample count");
        s.value = r.getDouble("value");
        r.finish();
        return s;
    }

    @Override
    public long memoryBytes() {
        return 32;
    }

    @Override
    public ErrorBound errorBound() {
        return ErrorBound.EXACT;
    }

    @Override
    public String toString() {
        return "MinState{count=" + count + ", value=" + value + "}";
    }
}
