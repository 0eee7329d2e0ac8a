package io.tessera.sketch;

import io.tessera.core.StaleMarker;

/**
 * {@code present_over_time}: whether the interval holds any sample (an ordinary NaN counts;
 * a stale marker does not).
 */
public final class PresentState implements FixedWidthState {

    static final int VERSION = 1;

    private boolean present;

    public PresentState() {}

    @Override
    public StateFamily family() {
        return StateFamily.PRESENT;
    }

    @Override
    public void update(long[] ts, double[] values, int from, int to) {
        for (int i = from; i < to && !present; i++) {
            present = !StaleMarker.isStale(values[i]);
        }
    }

    @Override
    public void update(long ts, double value) {
        present |= !StaleMarker.isStale(value);
    }

    @Override
    public void merge(State other) {
        present |= States.sameFamily(this, other, PresentState.class).present;
    }

    /** 1 when any sample was added; Prometheus has no value otherwise (check {@link #isEmpty()}). */
    public double value() {
        return present ? 1 : Double.NaN;
    }

    @Override
    public boolean isEmpty() {
        return !present;
    }

    @Override
    public byte[] serialize() {
        return new StateWriter(family(), VERSION, 1).putByte(present ? 1 : 0).toByteArray();
    }

    public static PresentState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.PRESENT, VERSION);
        int flag = r.getByte("presence flag");
        if (flag > 1) {
            throw r.invalid("presence flag is " + flag + ", expected 0 or 1");
        }
        PresentState s = new PresentState();
        s.present = flag == 1;
        r.finish();
        return s;
    }

    @Override
    public void writeWords(long[] words, int at) {
        words[at] = present ? 1 : 0;
    }

    @Override
    public void readWords(long[] words, int at) {
        present = words[at] != 0;
    }

    @Override
    public String toString() {
        return "PresentState{" + present + "}";
    }
}
