package io.tessera.sketch;

import io.tessera.core.StaleMarker;

/**
 * {@code last_over_time}: the sample with the latest timestamp (an ordinary NaN included, as in
 * Prometheus). Merge keeps the later of the two samples. Stale markers are ignored.
 */
public final class LastState implements FixedWidthState {

    static final int VERSION = 1;

    /** Samples seen, saturating: only whether there was one matters (an int keeps the state at 32 bytes). */
    private int count;

    private long ts = Long.MIN_VALUE;
    private double value = Double.NaN;

    public LastState() {}

    @Override
    public StateFamily family() {
        return StateFamily.LAST;
    }

    @Override
    public void update(long t, double v) {
        if (StaleMarker.isStale(v)) {
            return;
        }
        if (count == 0 || t >= ts) {
            ts = t;
            value = v;
        }
        count = saturatingAdd(count, 1);
    }

    @Override
    public void merge(State other) {
        LastState o = States.sameFamily(this, other, LastState.class);
        if (o.count == 0) {
            return;
        }
        if (count == 0 || o.ts > ts) {
            ts = o.ts;
            value = o.value;
        }
        count = saturatingAdd(count, o.count);
    }

    /** The latest sample's value; NaN when empty. */
    public double value() {
        return value;
    }

    /** The latest sample's timestamp; {@link Long#MIN_VALUE} when empty. */
    public long timestamp() {
        return ts;
    }

    @Override
    public boolean isEmpty() {
        return count == 0;
    }

    public static LastState deserialize(byte[] bytes) {
        return StateReader.open(bytes, StateFamily.LAST, VERSION)
                .finishWords(new LastState(), "sample count", "timestamp", "value");
    }

    @Override
    public void writeWords(long[] words, int at) {
        words[at] = count;
        words[at + 1] = ts;
        words[at + 2] = StateWords.bits(value);
    }

    @Override
    public void readWords(long[] words, int at) {
        count = (int) Math.min(Integer.MAX_VALUE, words[at]);
        ts = words[at + 1];
        value = StateWords.value(words[at + 2]);
    }

    private static int saturatingAdd(int a, int b) {
        int sum = a + b;
        return sum < 0 ? Integer.MAX_VALUE : sum;
    }

    @Override
    public String toString() {
        return "LastState{ts=" + ts + ", value=" + value + "}";
    }
}
