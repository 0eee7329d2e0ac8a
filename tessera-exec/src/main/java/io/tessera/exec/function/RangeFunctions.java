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

/**
 * The functions of a range vector, evaluated for every series at every step of the grid. The
 * result drops the metric name, except for the functions that return a sample as it was.
 */
public final class RangeFunctions {

    private static final Set<String> KEEP_NAME = Set.of("last_over_time", "first_over_time");

    private static final Map<String, RangeKernel> KERNELS = Map.ofEntries(
            Map.entry("rate", (ts, v, f, t, s, e, p, o) -> Extrapolation.rate(ts, v, f, t, s, e, true, true, o)),
            Map.entry("increase", (ts, v, f, t, s, e, p, o) -> Extrapolation.rate(ts, v, f, t, s, e, true, false, o)),
            Map.entry("delta", (ts, v, f, t, s, e, p, o) -> Extrapolation.rate(ts, v, f, t, s, e, false, false, o)),
            Map.entry("sum_over_time", OverTime::sum),
            Map.entry("count_over_time", OverTime::count),
            Map.entry("avg_over_time", OverTime::avg),
            Map.entry("min_over_time", OverTime::min),
            Map.entry("max_over_time", OverTime::max),
            Map.entry("last_over_time", OverTime::last),
            Map.entry("present_over_time", OverTime::present),
            Map.entry("quantile_over_time", OverTime::quantile));

    private RangeFunctions() {
    }

    public static boolean supports(String function) {
        return KERNELS.containsKey(function);
    }

    public static InstantVector evaluate(String function, RangeVector in, Value[] params, RunContext context) {
        RangeKernel kernel = KERNELS.get(function);
        if (kernel == null) {
            throw new InvalidInputException("function " + function + " is not supported yet");
        }
        boolean keepName = KEEP_NAME.contains(function);
        int steps = in.grid().size();
        double[] p = new double[params.length];
        double[] out = new double[1];
        InstantVector result = new InstantVector(in.grid(), in.size());
        for (int s = 0; s < in.size(); s++) {
            context.checkAlive();
            long[] ts = in.ts(s);
            double[] vs = in.values(s);
            int[] from = in.from(s);
            int[] to = in.to(s);
            int series = -1;
            for (int i = 0; i < steps; i++) {
                if (to[i] <= from[i]) {
                    continue;
                }
                for (int k = 0; k < params.length; k++) {
                    p[k] = ((ScalarValues) params[k]).at(i);
                }
                long end = in.grid().time(i);
                if (kernel.apply(ts, vs, from[i], to[i], end - in.rangeMs(), end, p, out)) {
                    if (series < 0) {
                        Labels l = in.labels(s);
                        series = result.addSeries(keepName ? l : l.withoutMetricName());
                    }
                    result.set(series, i, out[0]);
                }
            }
        }
        return result;
    }
}
