package io.tessera.sketch;

import io.tessera.core.StaleMarker;

/**
 * {@code count_over_time} / SQL {@code COUNT}: the number of samples. Stale markers are not
 * samples and are not counted; ordinary NaN values are, as in Prometheus.
 */
public final class CountState implements FixedWidthState {

    static final int VERSION = 1;

    private long count;

    public CountState() {}

    @Override
    public StateFamily family() {
        return StateFamily.COUNT;
    }

    @Override
    public void update(long[] ts, double[] values, int from, int to) {
        long n = 0;
        for (int i = from; i < to; i++) {
            if (!StaleMarker.isStale(values[i])) {
                n++;
            }
        }
        count += n;
    }

    @Override
    public void update(long ts, double value) {
        if (!StaleMarker.isStale(value)) {
            count++;
        }
    }

    @Override
    public void merge(State other) {
        count += States.sameFamily(this, other, CountState.class).count;
    }

    public long value() {
        return count;
    }

    @Override
    public boolean isEmpty() {
        return count == 0;
    }

    public static CountState deserialize(byte[] bytes) {
        return StateReader.open(bytes, StateFamily.COUNT, VERSION).finishWords(new CountState(), "sample count");
    }

    @Override
    public void writeWords(long[] words, int at) {
        words[at] = count;
    }

    @Override
    public void readWords(long[] words, int at) {
        count = words[at];
    }

    @Override
    public String toString() {
        return "CountState{" + count + "}";
    }
}
