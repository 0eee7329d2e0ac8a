package io.tessera.exec.function;

import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.exec.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.RangeVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.Value;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The functions of a range vector, evaluated for every series at every step of the grid. The
 * result drops the metric name, except for the functions that return a sample as it was.
 */
public final class RangeFunctions {

    private static final Set<String> KEEP_NAME = Set.of("last_over_time", "first_over_time");

    private static final Map<String, RangeKernel> KERNELS = Map.ofEntries(
            Map.entry("rate", (ts, v, f, to, s, e, t, p, o) -> Extrapolation.rate(ts, v, f, to, s, e, true, true, o)),
            Map.entry(
                    "increase",
                    (ts, v, f, to, s, e, t, p, o) -> Extrapolation.rate(ts, v, f, to, s, e, true, false, o)),
            Map.entry(
                    "delta", (ts, v, f, to, s, e, t, p, o) -> Extrapolation.rate(ts, v, f, to, s, e, false, false, o)),
            Map.entry("irate", InstantDelta::irate),
            Map.entry("idelta", InstantDelta::idelta),
            Map.entry("deriv", LinearRegression::deriv),
            Map.entry("predict_linear", LinearRegression::predict),
            Map.entry("changes", Changes::changes),
            Map.entry("resets", Changes::resets),
            Map.entry("double_exponential_smoothing", Smoothing::doubleExponential),
            Map.entry("sum_over_time", OverTime::sum),
            Map.entry("count_over_time", OverTime::count),
            Map.entry("avg_over_time", OverTime::avg),
            Map.entry("min_over_time", OverTime::min),
            Map.entry("max_over_time", OverTime::max),
            Map.entry("first_over_time", OverTime::first),
            Map.entry("last_over_time", OverTime::last),
            Map.entry("ts_of_min_over_time", OverTime::tsOfMin),
            Map.entry("ts_of_max_over_time", OverTime::tsOfMax),
            Map.entry("ts_of_first_over_time", OverTime::tsOfFirst),
            Map.entry("ts_of_last_over_time", OverTime::tsOfLast),
            Map.entry("present_over_time", OverTime::present),
            Map.entry("quantile_over_time", OverTime::quantile),
            Map.entry("mad_over_time", OverTime::mad),
            Map.entry("stddev_over_time", OverTime::stddev),
            Map.entry("stdvar_over_time", OverTime::stdvar));

    private RangeFunctions() {}

    private static final Map<String, Supplier<SlidingKernel>> SLIDING = Map.of(
            "quantile_over_time", SlidingQuantile::new,
            "sum_over_time", () -> new SlidingSum(false),
            "avg_over_time", () -> new SlidingSum(true));

    public static boolean supports(String function) {
        return KERNELS.containsKey(function);
    }

    public static InstantVector evaluate(String function, RangeVector in, Value[] params, RunContext context) {
        RangeKernel kernel = KERNELS.get(function);
        if (kernel == null) {
            throw new InvalidInputException("function " + function + " is not supported yet");
        }
        boolean keepName = KEEP_NAME.contains(function);
        boolean counterCheck = function.equals("rate") || function.equals("increase");
        boolean quantileCheck = function.equals("quantile_over_time");
        int steps = in.grid().size();
        double[] p = new double[params.length];
        double[] out = new double[1];
        InstantVector result = new InstantVector(in.grid(), in.size());
        Supplier<SlidingKernel> slidingKind = SLIDING.get(function);
        SlidingKernel sliding = slidingKind == null ? null : slidingKind.get();
        for (int s = 0; s < in.size(); s++) {
            context.checkAlive();
            long[] ts = in.ts(s);
            double[] vs = in.values(s);
            int[] from = in.from(s);
            int[] to = in.to(s);
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
                boolean answered = slide && sliding.apply(vs, from[i], to[i], p, out)
                        || kernel.apply(
                                ts,
                                vs,
                                from[i],
                                to[i],
                                end - in.rangeMs(),
                                end,
                                in.grid().time(i),
                                p,
                                out);
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
