package io.tessera.exec.op;

import io.tessera.core.Labels;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.StringValue;
import io.tessera.exec.value.Value;
import io.tessera.promql.AggregateOp;
import java.util.List;

/**
 * Aggregations across series ({@code sum by (job) (…)}), evaluated for every step of the grid:
 * each input series goes to its group (its labels kept {@code by}, or dropped {@code without},
 * the metric name always dropped), and each group gets one output series — except topk,
 * bottomk, limitk and limit_ratio, which output input series, and count_values, which outputs
 * one series per group and value.
 */
public final class Aggregations {

    private Aggregations() {}

    public static InstantVector evaluate(
            AggregateOp op, InstantVector in, Value param, List<String> grouping, boolean without, RunContext context) {
        return switch (op) {
            case COUNT_VALUES -> CountValues.evaluate(in, ((StringValue) param).value(), grouping, without, context);
            case TOPK, BOTTOMK, LIMITK, LIMIT_RATIO ->
                KAggregation.evaluate(op, in, (ScalarValues) param, SeriesGroups.of(in, grouping, without), context);
            default ->
                ValueAggregation.evaluate(
                        op, in, (ScalarValues) param, SeriesGroups.of(in, grouping, without), context);
        };
    }

    /** The group of a series with {@code labels}: its {@code grouping} labels kept ({@code by}) or dropped ({@code without}). */
    public static Labels groupLabels(Labels labels, List<String> grouping, boolean without) {
        return SeriesGroups.groupLabels(labels, grouping, without);
    }

    /** {@code v} without the series that have no point at any step. */
    public static InstantVector dropEmpty(InstantVector v) {
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
