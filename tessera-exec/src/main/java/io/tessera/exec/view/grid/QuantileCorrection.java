package io.tessera.exec.view.grid;

import java.util.Locale;

/**
 * The kept quantile, when its rank among the window at T stays within the target: its rank at g
 * lies in [floor(q(n0 - 1)), ceil(q(n0 - 1))], and moves by the counts of samples below it that
 * entered and left. A series whose window is all new samples ({@code n0 = 0}) is answered exactly
 * from them; one whose bound is over the target, from its whole window.
 */
final class QuantileCorrection {

    private final double rankTarget;
    private final ExactWindows exact;
    private double worstBound;

    QuantileCorrection(double rankTarget, ExactWindows exact) {
        this.rankTarget = rankTarget;
        this.exact = exact;
    }

    /** The largest rank error bound of a quantile moved so far. */
    double worstBound() {
        return worstBound;
    }

    /** The quantile {@code q} of the step's series at T, over {@code n} samples. */
    double move(SeriesStep step, double q, long n, MovedSamples in, MovedSamples gone) {
        long n0 = step.keptCount;
        double v0 = step.keptValue;
        if (n0 == 0) {
            return exact.quantileOfEntered(step, q);
        }
        if (Double.isNaN(v0) || in.nan || gone.nan || n < 2) {
            return exact.quantile(
                    step,
                    q,
                    n < 2
                            ? "a series has one sample left in the window, which the kept quantile does not name"
                            : "NaN samples near the window's edges have no rank");
        }
        double rank = q * (n0 - 1);
        long lo = (long) Math.floor(rank);
        long hi = (long) Math.ceil(rank);
        long below = hi - gone.below + in.below;
        long atOrBelow = lo + 1 - gone.atOrBelow + in.atOrBelow;
        double bound = Math.max(
                Math.max(0, below / (double) (n - 1) - q), Math.max(0, q - (atOrBelow - 1) / (double) (n - 1)));
        if (bound > rankTarget) {
            return exact.quantile(
                    step,
                    q,
                    String.format(
                            Locale.ROOT,
                            "moving the kept quantile to the query"
                                    + " time bounds its rank error by %.3g%%, over the %.3g%% target",
                            100 * bound,
                            100 * rankTarget));
        }
        worstBound = Math.max(worstBound, bound);
        return v0;
    }
}
