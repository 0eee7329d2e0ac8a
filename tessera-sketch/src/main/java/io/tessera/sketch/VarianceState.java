package io.tessera.sketch;

import io.tessera.core.StaleMarker;

/**
 * {@code stddev_over_time} / {@code stdvar_over_time}: count, mean and M2 (the sum of squared
 * deviations from the mean), updated with Welford's method and compensated sums as Prometheus
 * does, merged with Chan et al.'s pairwise formula. Variances are population variances
 * (M2 / n), as in Prometheus. Stale markers are ignored; an ordinary NaN makes both NaN.
 *
 * <p>Merged panes do not round as Prometheus' one pass over the samples does, and when the
 * variance is tiny against the squared mean the two differ in far more than the last bits. So
 * the state also keeps the smallest and largest value and a running bound on the rounding
 * error of its mean and of its M2 (every operation's error bounded from the values it
 * computed, so the bound holds for any order of merges). {@link #sequentialBound()} adds to it an
 * a-priori bound on the error of Prometheus' own pass over the same samples, so a reader can
 * tell whether the two agree. Version 1 bytes have no bounds: such a state answers nothing
 * ({@link #sequentialBound()} is infinite) and serializes as version 1 again.
 */
public final class VarianceState implements FixedWidthState {

    static final int VERSION = 2;
    static final int VERSION_WITHOUT_BOUNDS = 1;

    /** Four units of roundoff (2<sup>-53</sup> each): absorbs the second-order terms of every step below. */
    private static final double U = 0x1p-51;

    private long count;
    private final KahanSum mean = new KahanSum();
    private final KahanSum m2 = new KahanSum();
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;
    /** Bounds |mean − true mean| and |M2 − true M2|; NaN when unknown (version 1), infinite past a non-finite value. */
    private double meanError;

    private double m2Error;

    public VarianceState() {}

    @Override
    public StateFamily family() {
        return StateFamily.VARIANCE;
    }

    @Override
    public void update(long ts, double value) {
        if (!StaleMarker.isStale(value)) {
            add(value);
        }
    }

    private void add(double v) {
        count++;
        double a = mean.sum + mean.c;
        double delta = v - a;
        mean.addCompensated(delta / count);
        double b = mean.sum + mean.c;
        double w = v - b;
        double sq = delta * w;
        m2.addCompensated(sq);
        min = Math.min(min, v);
        max = Math.max(max, v);
        if (count == 1) {
            // from the empty state: the mean is v and M2 is 0, exactly
            settle(Double.isFinite(v));
            return;
        }
        double aError = meanError + U * Math.abs(a);
        meanError =
                (meanError * (1 - 1.0 / count) + U * (Math.abs(a) + 2 * Math.abs(delta)) / count + U * Math.abs(mean.c))
                        * (1 + U);
        double bError = meanError + U * Math.abs(b);
        m2Error = (m2Error
                        + 2 * U * Math.abs(sq)
                        + 1.01 * (Math.abs(delta) * bError + aError * Math.abs(w))
                        + aError * bError
                        + U * Math.abs(m2.c))
                * (1 + U);
        settle(Double.isFinite(v) && Double.isFinite(sq));
    }

    /** Unknown bounds stay unknown; a non-finite value or bound leaves the error unbounded. */
    private void settle(boolean finite) {
        if (Double.isNaN(meanError) || Double.isNaN(m2Error)) {
            meanError = Double.NaN;
            m2Error = Double.NaN;
        } else if (!finite || !Double.isFinite(meanError) || !Double.isFinite(m2Error)) {
            meanError = Double.POSITIVE_INFINITY;
            m2Error = Double.POSITIVE_INFINITY;
        }
    }

    @Override
    public void merge(State other) {
        VarianceState o = States.sameFamily(this, other, VarianceState.class);
        if (States.mergedWhenEitherEmpty(this, o)) {
            return;
        }
        boolean unknown = Double.isNaN(meanError) || Double.isNaN(o.meanError);
        double na = count;
        double nb = o.count;
        double n = na + nb;
        double a = mean.sum + mean.c;
        double b = o.mean.sum + o.mean.c;
        double delta = b - a;
        mean.addCompensated(delta * (nb / n));
        double w = na * nb / n;
        double term = delta * delta * w;
        m2.addCompensated(o.m2);
        double merges = U * (Math.abs(m2.c) + Math.abs(o.m2.c));
        m2.addCompensated(term);
        merges += U * Math.abs(m2.c);
        double deltaError = meanError + o.meanError + U * (Math.abs(a) + Math.abs(b) + Math.abs(delta));
        meanError = (meanError * (na / n)
                        + o.meanError * (nb / n)
                        + U * (Math.abs(a) + Math.abs(b) + Math.abs(delta)) * (nb / n)
                        + U * Math.abs(mean.c))
                * (1 + U);
        m2Error = (m2Error
                        + o.m2Error
                        + 1.01 * w * deltaError * (2 * Math.abs(delta) + deltaError)
                        + 2 * U * Math.abs(term)
                        + merges)
                * (1 + U);
        count += o.count;
        min = Math.min(min, o.min);
        max = Math.max(max, o.max);
        if (unknown) {
            meanError = Double.NaN;
        }
        settle(Double.isFinite(term) && Double.isFinite(b) && Double.isFinite(a));
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

    /**
     * A bound on how far {@link #variance()} lies from the variance Prometheus'
     * {@code stdvar_over_time} computes over the same samples (one compensated Welford pass, in
     * any order); infinite when there is none (no bounds kept, a non-finite value, an empty state).
     *
     * <p>With n samples, M the largest magnitude among them and S their true M2, that pass keeps
     * its running mean within about 1.3·U·M of the true one, so each of its M2 terms
     * {@code (v − m_{i−1})(v − m_i)} is off by at most about 2·U·M·(|v − m_{i−1}| + |v − m_i|)
     * plus second-order terms; by Cauchy–Schwarz the deviations sum to at most √(2nS) and √(nS).
     * That gives |M2 − S| ≤ 5·U·M·√(nS) + 13·n·U²·M² + U·S + n²·U²·S, taken here with margin.
     * Identical values give 0 in both, exactly.
     */
    public double sequentialBound() {
        if (count > 0 && min == max && Double.isFinite(min)) {
            return 0;
        }
        if (count == 0 || !Double.isFinite(meanError) || !Double.isFinite(m2Error)) {
            return Double.POSITIVE_INFINITY;
        }
        double n = count;
        double s = m2.sum + m2.c;
        double sHigh = Math.abs(s) * (1 + U) + m2Error;
        double bound = (m2Error + sequentialM2Error(sHigh) + 3 * U * sHigh) / n * (1 + 0x1p-20);
        return Double.isFinite(bound) ? bound : Double.POSITIVE_INFINITY;
    }

    /** A lower bound on the variance Prometheus computes over the same samples; 0 when there is none. */
    public double sequentialLowerBound() {
        if (count == 0 || !Double.isFinite(meanError) || !Double.isFinite(m2Error)) {
            return 0;
        }
        double n = count;
        double s = m2.sum + m2.c;
        double sLow = s - U * Math.abs(s) - m2Error;
        double sHigh = Math.abs(s) * (1 + U) + m2Error;
        double low = (sLow - sequentialM2Error(sHigh) - U * sHigh) / n * (1 - 0x1p-20);
        return low > 0 ? low : 0;
    }

    private double sequentialM2Error(double sHigh) {
        double n = count;
        double m = Math.max(Math.abs(min), Math.abs(max));
        return 8 * U * m * Math.sqrt(n * sHigh) + 16 * n * U * U * m * m + (2 * U + n * n * U * U) * sHigh;
    }

    @Override
    public boolean isEmpty() {
        return count == 0;
    }

    private boolean withoutBounds() {
        return Double.isNaN(meanError);
    }

    @Override
    public byte[] serialize() {
        if (withoutBounds()) {
            return new StateWriter(family(), VERSION_WITHOUT_BOUNDS, 40)
                    .putLong(count)
                    .putDouble(mean.sum)
                    .putDouble(mean.c)
                    .putDouble(m2.sum)
                    .putDouble(m2.c)
                    .toByteArray();
        }
        return StateWriter.ofWords(this, VERSION);
    }

    public static VarianceState deserialize(byte[] bytes) {
        StateReader r = StateReader.open(bytes, StateFamily.VARIANCE, VERSION_WITHOUT_BOUNDS, VERSION);
        VarianceState s = new VarianceState();
        s.count = r.getCount("sample count");
        s.mean.set(r.getDouble("mean"), r.getDouble("mean compensation"));
        s.m2.set(r.getDouble("M2"), r.getDouble("M2 compensation"));
        if (r.version() == VERSION_WITHOUT_BOUNDS) {
            s.min = Double.NaN;
            s.max = Double.NaN;
            s.meanError = Double.NaN;
            s.m2Error = Double.NaN;
        } else {
            s.min = r.getDouble("smallest value");
            s.max = r.getDouble("largest value");
            s.meanError = r.getDouble("error bound of the mean");
            s.m2Error = r.getDouble("error bound of M2");
            if (!(s.meanError >= 0) || !(s.m2Error >= 0)) {
                throw r.invalid("error bounds must be non-negative, got " + s.meanError + " and " + s.m2Error);
            }
        }
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
        words[at + 5] = StateWords.bits(min);
        words[at + 6] = StateWords.bits(max);
        words[at + 7] = StateWords.bits(meanError);
        words[at + 8] = StateWords.bits(m2Error);
    }

    @Override
    public void readWords(long[] words, int at) {
        count = words[at];
        mean.set(StateWords.value(words[at + 1]), StateWords.value(words[at + 2]));
        m2.set(StateWords.value(words[at + 3]), StateWords.value(words[at + 4]));
        min = StateWords.value(words[at + 5]);
        max = StateWords.value(words[at + 6]);
        meanError = StateWords.value(words[at + 7]);
        m2Error = StateWords.value(words[at + 8]);
    }

    @Override
    public String toString() {
        return "VarianceState{count=" + count + ", mean=" + mean() + ", variance=" + variance() + "}";
    }
}
