package io.tessera.exec.view.grid;

import io.tessera.core.Interval;
import io.tessera.core.MissingStateException;
import io.tessera.plan.MaterializedView;

/** A kept sum moved by the samples that entered and left its window, compensated, refused where it could overflow. */
final class MovedSums {

    /** Magnitudes a moved sum keeps to: a window of up to 2^22 such samples cannot overflow. */
    private static final double SAFE = 0x1p1000;

    private MovedSums() {}

    /**
     * Sums and averages move exactly only while every value involved is finite and far from
     * overflowing: the exact engine's running sum over the window must not overflow where the
     * moved one does not, nor the other way round. Returns {@code v0}.
     */
    static double finite(MaterializedView view, long g, double v0, MovedSamples in, MovedSamples gone) {
        if (!(Math.abs(v0) <= SAFE)
                || !in.finite
                || !gone.finite
                || !(in.largest <= SAFE)
                || !(gone.largest <= SAFE)
                || !(Math.abs(in.sum) <= SAFE)
                || !(Math.abs(gone.sum) <= SAFE)) {
            throw notMovable(
                    view,
                    g,
                    "a value near the window's edges is not finite or near the double range, so the kept sum cannot be moved");
        }
        return v0;
    }

    static double checked(MaterializedView view, long g, double moved) {
        if (!(Math.abs(moved) <= SAFE)) {
            throw notMovable(view, g, "the moved sum is not finite or near the double range");
        }
        return moved;
    }

    private static MissingStateException notMovable(MaterializedView view, long g, String why) {
        return new MissingStateException(view.definitionId(), new Interval(g - view.paneMs(), g), why);
    }

    /** {@code base} plus the samples that entered minus those that left, compensated. */
    static double moved(double base, MovedSamples in, MovedSamples gone) {
        double sum = base;
        double next = sum + in.sum;
        double comp = twoSumError(sum, in.sum, next);
        sum = next;
        next = sum + in.comp;
        comp += twoSumError(sum, in.comp, next);
        sum = next;
        next = sum - gone.sum;
        comp += twoSumError(sum, -gone.sum, next);
        sum = next;
        next = sum - gone.comp;
        comp += twoSumError(sum, -gone.comp, next);
        return next + comp;
    }

    /** The rounding error of {@code next = sum + x} (Neumaier's). */
    private static double twoSumError(double sum, double x, double next) {
        return Math.abs(sum) >= Math.abs(x) ? (sum - next) + x : (x - next) + sum;
    }
}
