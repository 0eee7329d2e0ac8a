package io.tessera.exec.op;

import io.tessera.core.NeumaierSum;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.function.GoFormat;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.promql.AggregateOp;
import java.util.Arrays;

/**
 * The aggregations that give one value per group and step — sum, avg, count, min, max, group,
 * stddev, stdvar and quantile — with Prometheus' float arithmetic: Kahan–Neumaier sums, a
 * direct mean that turns incremental once the running sum would overflow, Welford's variance,
 * and NaN losing to any number in min and max.
 */
final class ValueAggregation {

    private ValueAggregation() {}

    static InstantVector evaluate(
            AggregateOp op, InstantVector in, ScalarValues param, SeriesGroups groups, RunContext context) {
        int n = groups.count();
        InstantVector out = new InstantVector(in.grid(), Math.max(1, n));
        for (int g = 0; g < n; g++) {
            out.addSeries(groups.labels()[g]);
        }
        if (op == AggregateOp.QUANTILE) {
            warnQuantiles(param, context);
        }
        if (op == AggregateOp.SUM && in.steps() > 1) {
            return seriesMajorSum(in, groups, out, context);
        }
        int[] groupOf = groups.groupOf();
        boolean[] seen = new boolean[n];
        boolean[] incremental = new boolean[n];
        double[] value = new double[n];
        double[] mean = new double[n];
        double[] comp = new double[n];
        double[] count = new double[n];
        QuantileBuffer quantiles = op == AggregateOp.QUANTILE ? new QuantileBuffer(groups) : null;
        for (int i = 0; i < in.steps(); i++) {
            context.checkAlive();
            Arrays.fill(seen, false);
            if (quantiles != null) {
                quantiles.clear();
            }
            for (int s = 0; s < in.size(); s++) {
                if (!in.has(s, i)) {
                    continue;
                }
                int g = groupOf[s];
                double f = in.value(s, i);
                if (!seen[g]) {
                    seen[g] = true;
                    incremental[g] = false;
                    value[g] = f;
                    mean[g] = f;
                    comp[g] = 0;
                    count[g] = 1;
                    switch (op) {
                        case STDVAR, STDDEV -> value[g] = Double.isNaN(f) || Double.isInfinite(f) ? Double.NaN : 0;
                        case GROUP -> value[g] = 1;
                        case QUANTILE -> quantiles.add(g, f);
                        default -> {}
                    }
                    continue;
                }
                switch (op) {
                    case SUM -> {
                        double sum = value[g];
                        double t = sum + f;
                        comp[g] = NeumaierSum.compensation(f, sum, t, comp[g]);
                        value[g] = t;
                    }
                    case AVG -> {
                        count[g]++;
                        if (!incremental[g]) {
                            double sum = value[g];
                            double t = sum + f;
                            if (!Double.isInfinite(t)) {
                                comp[g] = NeumaierSum.compensation(f, sum, t, comp[g]);
                                value[g] = t;
                                break;
                            }
                            incremental[g] = true;
                            mean[g] = value[g] / (count[g] - 1);
                            comp[g] /= count[g] - 1;
                        }
                        double q = (count[g] - 1) / count[g];
                        double sum = q * mean[g];
                        double inc = f / count[g];
                        double t = sum + inc;
                        comp[g] = NeumaierSum.compensation(inc, sum, t, q * comp[g]);
                        mean[g] = t;
                    }
                    case COUNT -> count[g]++;
                    case MAX -> {
                        if (value[g] < f || Double.isNaN(value[g])) {
                            value[g] = f;
                        }
                    }
                    case MIN -> {
                        if (value[g] > f || Double.isNaN(value[g])) {
                            value[g] = f;
                        }
                    }
                    case STDVAR, STDDEV -> {
                        count[g]++;
                        double delta = f - mean[g];
                        mean[g] += delta / count[g];
                        value[g] += delta * (f - mean[g]);
                    }
                    case QUANTILE -> quantiles.add(g, f);
                    case GROUP -> {}
                    default -> throw new IllegalArgumentException(op + " is not a value aggregation");
                }
            }
            for (int g = 0; g < n; g++) {
                if (!seen[g]) {
                    continue;
                }
                double v = switch (op) {
                    case SUM -> value[g] + comp[g];
                    case AVG -> incremental[g] ? mean[g] + comp[g] : value[g] / count[g] + comp[g] / count[g];
                    case COUNT -> count[g];
                    case STDVAR -> value[g] / count[g];
                    case STDDEV -> Math.sqrt(value[g] / count[g]);
                    case QUANTILE -> quantiles.quantile(g, param.at(i));
                    default -> value[g];
                };
                out.set(g, i, v);
            }
        }
        return Aggregations.dropEmpty(out);
    }

    /**
     * {@code sum} over many steps, series by series: each series' row is read front to back
     * instead of one point of every series per step. Every (group, step) still adds its series in
     * their order, so the sums and compensations are the step-by-step loop's own.
     */
    private static InstantVector seriesMajorSum(
            InstantVector in, SeriesGroups groups, InstantVector out, RunContext context) {
        int n = groups.count();
        int steps = in.steps();
        int[] groupOf = groups.groupOf();
        double[][] sums = new double[n][steps];
        double[][] comps = new double[n][steps];
        long[][] seen = new long[n][(steps + 63) >>> 6];
        for (int s = 0; s < in.size(); s++) {
            if ((s & 255) == 0) {
                context.checkAlive();
            }
            int g = groupOf[s];
            double[] sum = sums[g];
            double[] comp = comps[g];
            long[] started = seen[g];
            for (int i = 0; i < steps; i++) {
                if (!in.has(s, i)) {
                    continue;
                }
                double f = in.value(s, i);
                if ((started[i >>> 6] & (1L << i)) == 0) {
                    started[i >>> 6] |= 1L << i;
                    sum[i] = f;
                    continue;
                }
                double t = sum[i] + f;
                comp[i] = NeumaierSum.compensation(f, sum[i], t, comp[i]);
                sum[i] = t;
            }
        }
        for (int g = 0; g < n; g++) {
            for (int i = 0; i < steps; i++) {
                if ((seen[g][i >>> 6] & (1L << i)) != 0) {
                    out.set(g, i, sums[g][i] + comps[g][i]);
                }
            }
        }
        return Aggregations.dropEmpty(out);
    }

    /** Prometheus warns once for NaN, once for the largest φ above 1 and once for the smallest below 0. */
    private static void warnQuantiles(ScalarValues param, RunContext context) {
        double[] qs = param.values();
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        boolean nan = false;
        for (double q : qs) {
            if (Double.isNaN(q)) {
                nan = true;
            } else {
                max = Math.max(max, q);
                min = Math.min(min, q);
            }
        }
        if (nan) {
            context.warn(quantileWarning(Double.NaN));
            return;
        }
        if (max > 1) {
            context.warn(quantileWarning(max));
        }
        if (min < 0) {
            context.warn(quantileWarning(min));
        }
    }

    static String quantileWarning(double q) {
        return "PromQL warning: quantile value should be between 0 and 1, got " + GoFormat.g(q);
    }
}
