package io.tessera.sketch;

import io.tessera.core.StaleMarker;

/**
 * The smallest or the largest value. As in Prometheus, NaN values lose to any other value, so
 * the result is NaN only when every sample is NaN. Stale markers are ignored.
 */
abstract sealed class ExtremumState implements FixedWidthState permits MinState, MaxState {

    static final int VERSION = 1;

    long count;
    double value = Double.NaN;

    /** Whether {@code candidate} replaces {@code current}. */
    abstract boolean wins(double candidate, double current);

    @Override
    public void update(long ts, double v) {
        if (!StaleMarker.isStale(v)) {
            if (wins(v, value) || Double.isNaN(value)) {
                value = v;
            }
            count++;
        }
    }

    @Override
    public void merge(State other) {
        ExtremumState o = States.sameFamily(this, other, getClass());
        if (o.count == 0) {
            return;
        }
        if (wins(o.value, value) || Double.isNaN(value)) {
            value = o.value;
        }
        count += o.count;
    }

    /** The extreme value; NaN when empty or when every sample was NaN. */
    public double value() {
        return value;
    }

    @Override
    public boolean isEmpty() {
        return count == 0;
    }

    static <S extends ExtremumState> S read(byte[] bytes, StateFamily family, S s) {
        return StateReader.open(bytes, family, VERSION).finishWords(s, "sample count", "value");
    }

    @Override
    public void writeWords(long[] words, int at) {
        words[at] = count;
        words[at + 1] = StateWords.bits(value);
    }

    @Override
    public void readWords(long[] words, int at) {
        count = words[at];
        value = StateWords.value(words[at + 1]);
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "{count=" + count + ", value=" + value + "}";
    }
}
