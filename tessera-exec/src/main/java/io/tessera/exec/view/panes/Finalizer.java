package io.tessera.exec.view.panes;

import io.tessera.core.InvalidInputException;
import io.tessera.promql.RangeFunctionKind;
import io.tessera.sketch.AvgState;
import io.tessera.sketch.CountState;
import io.tessera.sketch.CounterState;
import io.tessera.sketch.KllState;
import io.tessera.sketch.LastState;
import io.tessera.sketch.MaxState;
import io.tessera.sketch.MinState;
import io.tessera.sketch.State;
import io.tessera.sketch.SumState;
import io.tessera.sketch.VarianceState;

/**
 * The value a range function gives from the merged state of one window {@code (start, end]},
 * or NaN when the function yields no point there (a rate of fewer than two samples).
 */
final class Finalizer {

    private Finalizer() {}

    /** The range function a view read names, which must be one a view can answer. */
    static RangeFunctionKind kindOf(String function) {
        return RangeFunctionKind.byName(function)
                .filter(kind -> kind.viewFamily().isPresent())
                .orElseThrow(
                        () -> new InvalidInputException("function " + function + " cannot be answered from a view"));
    }

    static double finalize(RangeFunctionKind function, State state, long start, long end, double[] params) {
        return switch (function) {
            case SUM_OVER_TIME -> ((SumState) state).value();
            case COUNT_OVER_TIME -> ((CountState) state).value();
            case AVG_OVER_TIME -> ((AvgState) state).value();
            case MIN_OVER_TIME -> ((MinState) state).value();
            case MAX_OVER_TIME -> ((MaxState) state).value();
            case LAST_OVER_TIME -> ((LastState) state).value();
            case PRESENT_OVER_TIME -> 1;
            case STDDEV_OVER_TIME -> ((VarianceState) state).stddev();
            case STDVAR_OVER_TIME -> ((VarianceState) state).variance();
            case QUANTILE_OVER_TIME -> ((KllState) state).quantile(params[0]);
            case RATE, INCREASE, DELTA ->
                ((CounterState) state)
                        .extrapolatedRate(start, end, function.extrapolation().orElseThrow());
            case RESETS -> ((CounterState) state).resets();
            case CHANGES -> ((CounterState) state).changes();
            default ->
                throw new InvalidInputException(
                        "function " + function.promqlName() + " cannot be answered from a view");
        };
    }

    /** The relative and absolute differences from the exact engine a value from panes may have. */
    private static final double RELATIVE = 1e-10;

    private static final double ABSOLUTE = 1e-13;

    /**
     * Why the merged {@code state} may give another value than the exact engine computing the
     * window sample by sample (more than 1e-10 relative or 1e-13 absolute), or null when it gives
     * the same: a counter whose resets added values so large against its increase that the order
     * of the additions shows; sums and means whose values' magnitudes dwarf the result or
     * overflow; a variance tiny against the squared mean.
     */
    static String disagreement(RangeFunctionKind function, State state) {
        return switch (function) {
            case RATE, INCREASE -> {
                CounterState c = (CounterState) state;
                double bound = c.counterSumErrorBound();
                double sum = c.lastValue() - c.firstValue() + c.resetCorrection();
                yield bound == 0 || bound <= RELATIVE * Math.abs(sum)
                        ? null
                        : "the values before its resets are too large against the increase for merged panes to add up as the "
                                + "exact engine does, sample by sample";
            }
            case SUM_OVER_TIME -> {
                SumState s = (SumState) state;
                yield agrees(s.orderErrorBound(), s.value()) ? null : ORDER_SHOWS;
            }
            case AVG_OVER_TIME -> {
                AvgState s = (AvgState) state;
                yield agrees(s.orderErrorBound(), s.value()) ? null : ORDER_SHOWS;
            }
            case STDDEV_OVER_TIME, STDVAR_OVER_TIME ->
                varianceDisagreement(function == RangeFunctionKind.STDDEV_OVER_TIME, (VarianceState) state);
            default -> null;
        };
    }

    private static final String ORDER_SHOWS =
            "its values' magnitudes (or a value that is not finite) could make the order "
                    + "in which merged panes add them show against the exact engine's sum, sample by sample";

    /** Whether a result whose error is at most {@code bound} is within 1e-10 of {@code value} (or 1e-13 absolute). */
    private static boolean agrees(double bound, double value) {
        return Double.isFinite(bound) && (bound <= RELATIVE * Math.abs(value) || bound <= ABSOLUTE);
    }

    /** Panes round a variance differently from one pass over the samples, which matters when it is tiny against the squared mean. */
    private static String varianceDisagreement(boolean stddev, VarianceState v) {
        double bound = v.sequentialBound();
        double low = v.sequentialLowerBound();
        // |sqrt(x) - sqrt(y)| <= |x - y| / (2 sqrt(low)) and <= sqrt(|x - y|)
        boolean sure = stddev
                ? bound <= 2 * RELATIVE * low || bound <= ABSOLUTE * ABSOLUTE
                : bound <= RELATIVE * low || bound <= ABSOLUTE;
        if (sure) {
            return null;
        }
        return Double.isInfinite(bound)
                ? "the merged variance has no error bound (a non-finite sample, or panes kept without one)"
                : String.format(
                        java.util.Locale.ROOT,
                        "the variance %.6g of %d samples is too small against their"
                                + " mean %.6g for merged panes to round as one pass over the samples does (they may differ by %.3g)",
                        v.variance(),
                        v.count(),
                        v.mean(),
                        bound);
    }

    /** Whether the point exists: rate, increase and delta need two samples. */
    static boolean hasValue(RangeFunctionKind function, State state) {
        if (state.isEmpty()) {
            return false;
        }
        return function.extrapolation().isEmpty() || ((CounterState) state).count() >= 2;
    }
}
