package io.tessera.exec.op;

import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.exec.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.Value;
import io.tessera.promql.AggregateOp;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Aggregations across series ({@code sum by (job) (…)}), evaluated for every step of the grid:
 * each input series goes to its group (its labels kept {@code by}, or dropped {@code without},
 * the metric name always dropped), and each group gets one output series.
 */
public final class Aggregations {

    private Aggregations() {
    }

    public static InstantVector evaluate(AggregateOp op, InstantVector in, Value param, List<String> grouping,
            boolean without, RunContext context) {
        int[] groupOf = new int[in.size()];
        Map<Labels, Integer> groups = new HashMap<>();
        InstantVector out = new InstantVector(in.grid(), 16);
        for (int s = 0; s < in.size(); s++) {
            Labels key = groupLabels(in.labels(s), grouping, without);
            Integer g = groups.get(key);
            if (g == null) {
                g = out.addSeries(key);
                groups.put(key, g);
            }
            groupOf[s] = g;
        }
        int steps = in.steps();
        int n = out.size();
        double[] acc = new double[n];
        double[] comp = new double[n];
        long[] count = new long[n];
        for (int i = 0; i < steps; i++) {
            context.checkAlive();
            java.util.Arrays.fill(acc, 0);
            java.util.Arrays.fill(comp, 0);
            java.util.Arrays.fill(count, 0);
            for (int s = 0; s < in.size(); s++) {
                if (!in.has(s, i)) {
                    continue;
                }
                int g = groupOf[s];
                double v = in.value(s, i);
                switch (op) {
                    case SUM, AVG -> {
                        double t = acc[g] + v;
                        comp[g] += Math.abs(acc[g]) >= Math.abs(v) ? (acc[g] - t) + v : (v - t) + acc[g];
                        acc[g] = t;
                    }
                    case COUNT, GROUP -> acc[g] = 0;
                    case MIN -> acc[g] = count[g] == 0 || v < acc[g] || Double.isNaN(acc[g]) ? v : acc[g];
                    case MAX -> acc[g] = count[g] == 0 || v > acc[g] || Double.isNaN(acc[g]) ? v : acc[g];
                    default -> throw new InvalidInputException("aggregation " + op.name().toLowerCase() + " is not supported yet");
                }
                count[g]++;
            }
            for (int g = 0; g < n; g++) {
                if (count[g] == 0) {
                    continue;
                }
                double v = switch (op) {
                    case SUM -> Double.isInfinite(acc[g]) ? acc[g] : acc[g] + comp[g];
                    case AVG -> (Double.isInfinite(acc[g]) ? acc[g] : acc[g] + comp[g]) / count[g];
                    case COUNT -> count[g];
                    case GROUP -> 1;
                    default -> acc[g];
                };
                out.set(g, i, v);
            }
        }
        return dropEmpty(out);
    }

    static Labels groupLabels(Labels labels, List<String> grouping, boolean without) {
        if (without) {
            return labels.without(grouping).withoutMetricName();
        }
        return labels.keep(grouping);
    }

    static InstantVector dropEmpty(InstantVector v) {
        boolean allPresent = true;
        for (int s = 0; s < v.size() && allPresent; s++) {
            allPresent = v.hasAny(s);
        }
        if (allPresent) {
            return v;
        }
        InstantVector out = new InstantVector(v.grid(), v.size());
        for (int s = 0; s < v.size(); s++) {
            if (v.hasAny(s)) {
                int o = out.addSeries(v.labels(s));
                for (int i = 0; i < v.steps(); i++) {
                    if (v.has(s, i)) {
                        out.set(o, i, v.value(s, i));
                    }
                }
            }
        }
        return out;
    }
}
