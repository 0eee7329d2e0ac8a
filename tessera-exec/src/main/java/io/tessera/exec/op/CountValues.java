package io.tessera.exec.op;

import io.tessera.core.Labels;
import io.tessera.exec.context.QueryExecutionException;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.function.GoFormat;
import io.tessera.exec.value.InstantVector;
import java.util.ArrayList;
import java.util.List;

/**
 * count_values: per step, each series gets the label {@code valueLabel} set to its value (as
 * Go's {@code FormatFloat(v, 'f', -1)}), is grouped — {@code by} also groups on the value label
 * — and each group counts its series.
 */
final class CountValues {

    private CountValues() {}

    static InstantVector evaluate(
            InstantVector in, String valueLabel, List<String> grouping, boolean without, RunContext context) {
        if (valueLabel.isEmpty()) {
            throw new QueryExecutionException("invalid label name " + PromText.quote(valueLabel));
        }
        List<String> groupBy = grouping;
        if (!without) {
            groupBy = new ArrayList<>(grouping);
            groupBy.add(valueLabel);
        }
        OutputSeries out = new OutputSeries(in.grid(), 16);
        int[] counts = new int[16];
        int[] countStep = new int[16];
        long[] lastBits = new long[in.size()];
        int[] lastGroup = new int[in.size()];
        java.util.Arrays.fill(lastGroup, -1);
        for (int i = 0; i < in.steps(); i++) {
            context.checkAlive();
            for (int s = 0; s < in.size(); s++) {
                if (!in.has(s, i)) {
                    continue;
                }
                double v = in.value(s, i);
                long bits = Double.doubleToRawLongBits(v);
                int o = lastGroup[s];
                if (o < 0 || lastBits[s] != bits) {
                    Labels withValue = in.labels(s).with(valueLabel, GoFormat.shortestF(v));
                    o = out.series(SeriesGroups.groupLabels(withValue, groupBy, without));
                    lastGroup[s] = o;
                    lastBits[s] = bits;
                }
                if (o >= counts.length) {
                    int len = Math.max(o + 1, counts.length * 2);
                    counts = java.util.Arrays.copyOf(counts, len);
                    countStep = java.util.Arrays.copyOf(countStep, len);
                }
                if (countStep[o] != i + 1) {
                    countStep[o] = i + 1;
                    counts[o] = 0;
                }
                counts[o]++;
            }
            for (int o = 0; o < out.size(); o++) {
                if (countStep[o] == i + 1) {
                    out.set(o, i, counts[o]);
                }
            }
        }
        return out.vector();
    }
}
