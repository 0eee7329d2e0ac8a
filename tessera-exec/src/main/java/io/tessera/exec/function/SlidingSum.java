package io.tessera.exec.function;

/**
 * {@code sum_over_time} and {@code avg_over_time} at consecutive steps of one series whose
 * windows overlap: a window's sum is the difference of two prefix sums of the series' span, so a
 * step costs the same whatever the window's length.
 *
 * <p>The prefix sums are kept in double-double arithmetic (a sum and its exact rounding error),
 * which leaves a difference of two of them an absolute error near 2<sup>-100</sup> of the
 * magnitudes summed so far. A window is answered here only when that error cannot reach its own
 * result's last bits (and it holds no infinity or NaN); every other window, a sum that cancels
 * to near zero among much larger values for one, goes to the compensated summation of
 * {@link OverTime}, which is what both are measured against: they agree to the last bit or two.
 */
final class SlidingSum implements SlidingKernel {

    /**
     * Each sample added to a prefix sum may put an error of about 2<sup>-104</sup> of the
     * magnitudes summed so far into it; a window is answered when that, times the span's length,
     * stays below 2<sup>-56</sup> of its result.
     */
    private static final double ERROR_HEADROOM = 0x1p48;

    private final boolean average;
    private int spanFrom;
    private int spanSize;
    /** Prefix {@code i} is the sum of the span's first {@code i} samples: {@code hi + lo}. */
    private double[] hi = new double[65];

    private double[] lo = new double[65];
    /** The sum of the absolute values of the span's first {@code i} samples, plainly rounded. */
    private double[] magnitude = new double[65];
    /** How many of the span's first {@code i} samples are infinite or NaN. */
    private int[] nonFinite = new int[65];

    SlidingSum(boolean average) {
        this.average = average;
    }

    @Override
    public void reset(double[] vs, int from, int to) {
        spanFrom = from;
        int size = to - from;
        spanSize = size;
        if (hi.length < size + 1) {
            int length = Math.max(size + 1, hi.length * 2);
            hi = new double[length];
            lo = new double[length];
            magnitude = new double[length];
            nonFinite = new int[length];
        }
        double h = 0;
        double l = 0;
        double m = 0;
        int bad = 0;
        for (int i = 0; i < size; i++) {
            double v = vs[from + i];
            if (Double.isFinite(v)) {
                double s = h + v;
                double back = s - h;
                double error = (h - (s - back)) + (v - back);
                double low = l + error;
                h = s + low;
                l = low - (h - s);
                m += Math.abs(v);
            } else {
                bad++;
            }
            hi[i + 1] = h;
            lo[i + 1] = l;
            magnitude[i + 1] = m;
            nonFinite[i + 1] = bad;
        }
    }

    @Override
    public boolean apply(double[] vs, int from, int to, double[] params, double[] out) {
        int a = from - spanFrom;
        int b = to - spanFrom;
        if (nonFinite[b] != nonFinite[a]) {
            return false;
        }
        double d = hi[b] - hi[a];
        double back = d - hi[b];
        double error = (hi[b] - (d - back)) + (-hi[a] - back);
        double sum = d + (error + (lo[b] - lo[a]));
        if (!(magnitude[b] * spanSize <= Math.abs(sum) * ERROR_HEADROOM)) {
            return false;
        }
        out[0] = average ? sum / (to - from) : sum;
        return true;
    }
}
