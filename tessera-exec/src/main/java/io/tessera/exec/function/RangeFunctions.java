package io.tessera.exec.function;

import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.RangeVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.Value;
import io.tessera.promql.ExactSliding;
import io.tessera.promql.RangeFunctionKind;
import io.tessera.sketch.ExtrapolatedRate;

/**
 * The functions of a range vector, evaluated for every series at every step of the grid, each by
 * the kernel its {@link RangeFunctionKind} names.
 */
public final class RangeFunctions {

    private RangeFunctions() {}

    /** The kernel computing {@code function} from one window's samples. */
    private static RangeKernel kernel(RangeFunctionKind function) {
        return switch (function) {
            case RATE, INCREASE, DELTA -> {
                ExtrapolatedRate rate = function.extrapolation().orElseThrow();
                yield (window, out) -> Extrapolation.rate(window, rate, out);
            }
            case IRATE -> InstantDelta::irate;
            case IDELTA -> InstantDelta::idelta;
            case DERIV -> LinearRegression::deriv;
            case PREDICT_LINEAR -> LinearRegression::predict;
            case CHANGES -> Changes::changes;
            case RESETS -> Changes::resets;
            case DOUBLE_EXPONENTIAL_SMOOTHING -> Smoothing::doubleExponential;
            case SUM_OVER_TIME -> OverTime::sum;
            case COUNT_OVER_TIME -> OverTime::count;
            case AVG_OVER_TIME -> OverTime::avg;
            case MIN_OVER_TIME -> OverTime::min;
            case MAX_OVER_TIME -> OverTime::max;
            case FIRST_OVER_TIME -> OverTime::first;
            case LAST_OVER_TIME -> OverTime::last;
            case TS_OF_MIN_OVER_TIME -> OverTime::tsOfMin;
            case TS_OF_MAX_OVER_TIME -> OverTime::tsOfMax;
            case TS_OF_FIRST_OVER_TIME -> OverTime::tsOfFirst;
            case TS_OF_LAST_OVER_TIME -> OverTime::tsOfLast;
            case PRESENT_OVER_TIME -> OverTime::present;
            case QUANTILE_OVER_TIME -> OverTime::quantile;
            case MAD_OVER_TIME -> OverTime::mad;
            case STDDEV_OVER_TIME -> OverTime::stddev;
            case STDVAR_OVER_TIME -> OverTime::stdvar;
            case ABSENT_OVER_TIME ->
                throw new IllegalArgumentException("absent_over_time is evaluated over the whole range vector");
        };
    }

    /** The sliding kernel the exact engine carries over overlapping windows, or null. */
    private static SlidingKernel slidingKernel(ExactSliding sliding) {
        return switch (sliding) {
            case NONE -> null;
            case SUM -> new SlidingSum(false);
            case MEAN -> new SlidingSum(true);
            case QUANTILE -> new SlidingQuantile();
        };
    }

    public static InstantVector evaluate(String function, RangeVector in, Value[] params, RunContext context) {
        RangeFunctionKind kind = RangeFunctionKind.byName(function)
                .filter(RangeFunctionKind::perSeries)
                .orElseThrow(() -> new InvalidInputException("function " + function + " is not supported yet"));
        return evaluate(kind, in, params, context);
    }

    /**
     * {@code function} of every series of {@code in} at every step. The result drops the metric
     * name, except for the functions that return a sample as it was.
     */
    public static InstantVector evaluate(
            RangeFunctionKind function, RangeVector in, Value[] params, RunContext context) {
        RangeKernel kernel = kernel(function);
        boolean keepName = function.keepsMetricName();
        boolean counterCheck = function.readsCounter();
        boolean quantileCheck = function == RangeFunctionKind.QUANTILE_OVER_TIME;
        int steps = in.grid().size();
        SeriesWindow window = new SeriesWindow(params.length);
        double[] p = window.params();
        double[] out = new double[1];
        InstantVector result = new InstantVector(in.grid(), in.size());
        SlidingKernel sliding = slidingKernel(function.sliding());
        for (int s = 0; s < in.size(); s++) {
            context.checkAlive();
            long[] ts = in.ts(s);
            double[] vs = in.values(s);
            int[] from = in.from(s);
            int[] to = in.to(s);
            window.series(ts, vs);
            int series = -1;
            boolean slide = sliding != null && windowsOverlap(from, to, steps);
            if (slide) {
                int spanFrom = Integer.MAX_VALUE;
                int spanTo = 0;
                for (int i = 0; i < steps; i++) {
                    if (to[i] > from[i]) {
                        spanFrom = Math.min(spanFrom, from[i]);
                        spanTo = Math.max(spanTo, to[i]);
                    }
                }
                sliding.reset(vs, spanFrom, spanTo);
            }
            for (int i = 0; i < steps; i++) {
                if ((i & 0x3FF) == 0) {
                    context.checkAlive();
                }
                if (to[i] <= from[i]) {
                    continue;
                }
                for (int k = 0; k < params.length; k++) {
                    p[k] = ((ScalarValues) params[k]).at(i);
                }
                long end = in.windowEnd(i);
                window.window(from[i], to[i], end - in.rangeMs(), end, in.grid().time(i));
                boolean answered = slide && sliding.apply(vs, from[i], to[i], p, out) || kernel.apply(window, out);
                if (answered) {
                    if (series < 0) {
                        Labels l = in.labels(s);
                        series = result.addSeries(keepName ? l : l.withoutMetricName());
                        if (counterCheck) {
                            Annotations.checkCounterName(l.metricName(), context);
                        }
                    }
                    if (quantileCheck) {
                        Annotations.checkQuantile(p[0], context);
                    }
                    result.set(series, i, out[0]);
                }
            }
        }
        return result;
    }

    /** Whether two consecutive steps' windows share a sample (then a sliding kernel pays for its start). */
    private static boolean windowsOverlap(int[] from, int[] to, int steps) {
        for (int i = 0; i + 1 < steps; i++) {
            if (to[i] > from[i] && to[i + 1] > from[i + 1] && from[i + 1] < to[i]) {
                return true;
            }
        }
        return false;
    }
}
