package io.tessera.sketch;

import io.tessera.core.StaleMarker;

/**
 * {@code max_over_time} / SQL {@code MAX}: the largest value. As in Prometheus, NaN values lose to
 * any other value, so the result is NaN only when every sample is NaN. Stale markers are
 * ignored.
 */
public final class MaxState implements State {

    static final int VERSION = 1;

    private long count;
    private double value = Double.NaN;

    public MaxState() {
    }

    @Override
    public StateFamily family() {
        return StateFamily.MAX;
    }

    @Override
    public void update(long[] ts, double[] values, int from, int to) {
        for (int i = from; i < to; i++) {
            double v = values[i];
            if (!StaleMarker.isStale(v)) {
                if (v > value || Double.isNaN(value)) {
                    value = v;
                }
                count++;
            }
        }
    }

    @Override
    public void update(long ts, double v) {
        if (!StaleMarker.isStale(v)) {
            if (v > value || Double.isNaN(value)) {
                value = v;
            }
            count++;
        }
    }

    @Override
    public void merge(State other) {
        MaxState o = States.sameFamily(this, other, MaxState.class);
        if (o.count == 0) {
            return;
        }
        if (o.value > value || Double.isNaN(value)) {
            value = o.value;
        }
        count += o.count;
    }

    /** The largest value; NaN when empty or when every sample was NaN. */
    public double value() {
        return value;
    }

    @Override
    public MaxState copy() {
        MaxState s = new MaxState();
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

    public static MaxState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.MAX, VERSION);
        MaxState s = new MaxState();
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
        return "MaxState{count=" + count + ", value=" + value + "}";
    }
}
