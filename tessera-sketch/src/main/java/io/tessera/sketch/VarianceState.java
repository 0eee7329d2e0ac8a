package io.tessera.sketch;

import io.tessera.core.StaleMarker;

/**
 * {@code stddev_over_time} / {@code stdvar_over_time}: count, mean and M2 (the sum of squared
 * deviations from the mean), updated with Welford's method and compensated sums as Prometheus
 * does, merged with Chan et al.'s pairwise formula. Variances are population variances
 * (M2 / n), as in Prometheus. Stale markers are ignored; an ordinary NaN makes both NaN.
 */
public final class VarianceState implements FixedWidthState {

    static final int VERSION = 1;

    private long count;
    private final KahanSum mean = new KahanSum();
    private final KahanSum m2 = new KahanSum();

    public VarianceState() {
    }

    @Override
    public StateFamily family() {
        return StateFamily.VARIANCE;
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
        double delta = v - (mean.sum + mean.c);
        mean.addCompensated(delta / count);
        m2.addCompensated(delta * (v - (mean.sum + mean.c)));
    }

    @Override
    public void merge(State other) {
        VarianceState o = States.sameFamily(this, other, VarianceState.class);
        if (o.count == 0) {
            return;
        }
        if (count == 0) {
            count = o.count;
            mean.copyFrom(o.mean);
            m2.copyFrom(o.m2);
            return;
        }
        double na = count;
        double nb = o.count;
        double n = na + nb;
        double delta = (o.mean.sum + o.mean.c) - (mean.sum + mean.c);
        mean.addCompensated(delta * (nb / n));
        m2.addCompensated(o.m2);
        m2.addCompensated(delta * delta * (na * nb / n));
        count += o.count;
    }

    /** Population variance; NaN when empty. */
    public double variance() {
        return count == 0 ? Double.NaN : (m2.sum + m2.c) / count;
    }

    /** Population standard deviation; NaN when empty. */
    public double stddev() {
        return Math.sqrt(variance());
    }

    public double mean() {
        return count == 0 ? Double.NaN : mean.sum + mean.c;
    }

    public long count() {
        return count;
    }

    @Override
    public VarianceState copy() {
        VarianceState s = new VarianceState();
        s.count = count;
        s.mean.copyFrom(mean);
        s.m2.copyFrom(m2);
        return s;
    }

    @Override
    public boolean isEmpty() {
        return count == 0;
    }

    @Override
    public byte[] serialize() {
        return new StateWriter(family(), VERSION, 40).putLong(count).putDouble(mean.sum).putDouble(mean.c)
                .putDouble(m2.sum).putDouble(m2.c).toByteArray();
    }

    public static VarianceState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.VARIANCE, VERSION);
        VarianceState s = new VarianceState();
        s.count = r.getCount("sample count");
        s.mean.set(r.getDouble("mean"), r.getDouble("mean compensation"));
        s.m2.set(r.getDouble("M2"), r.getDouble("M2 compensation"));
        r.finish();
        return s;
    }

    @Override
    public void writeWords(long[] words, int at) {
        words[at] = count;
        words[at + 1] = StateWords.bits(mean.sum);
        words[at + 2] = StateWords.bits(mean.c);
        words[at + 3] = StateWords.bits(m2.sum);
        words[at + 4] = StateWords.bits(m2.c);
    }

    static VarianceState fromWords(long[] words, int at) {
        VarianceState s = new VarianceState();
        s.count = words[at];
        s.mean.set(StateWords.value(words[at + 1]), StateWords.value(words[at + 2]));
        s.m2.set(StateWords.value(words[at + 3]), StateWords.value(words[at + 4]));
        return s;
    }

    @Override
    public long memoryBytes() {
        return 80;
    }

    @Override
    public ErrorBound errorBound() {
        return ErrorBound.EXACT;
    }

    @Override
    public String toString() {
        return "VarianceState{count=" + count + ", mean=" + mean() + ", variance=" + variance() + "}";
    }
}
