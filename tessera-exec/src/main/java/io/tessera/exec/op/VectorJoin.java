package io.tessera.exec.op;

import io.tessera.core.Labels;
import io.tessera.exec.context.QueryExecutionException;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.promql.BinaryOp;
import io.tessera.promql.Cardinality;
import io.tessera.promql.VectorMatching;
import java.util.Arrays;
import java.util.List;

/**
 * Arithmetic and comparisons between two instant vectors at every step, with Prometheus'
 * one-to-one, many-to-one ({@code group_left}) and one-to-many ({@code group_right}) matching.
 * The "one" side must have one series per signature at a step; each "many" series is joined
 * with the one series of its signature. Result labels are the "many" side's (without the metric
 * name for arithmetic; only the {@code on} labels, or without the {@code ignoring} ones, for
 * one-to-one), plus the {@code group_x} labels copied from the "one" side; {@code bool} also
 * drops the metric name.
 */
final class VectorJoin {

    private VectorJoin() {}

    static InstantVector evaluate(
            BinaryOp op,
            InstantVector lhs,
            InstantVector rhs,
            VectorMatching matching,
            boolean returnBool,
            RunContext context) {
        Signatures sig = Signatures.of(lhs, rhs, matching);
        boolean swap = matching.card() == Cardinality.ONE_TO_MANY;
        boolean oneToOne = matching.card() == Cardinality.ONE_TO_ONE;
        InstantVector many = swap ? rhs : lhs;
        InstantVector one = swap ? lhs : rhs;
        int[] manySig = swap ? sig.right() : sig.left();
        int[] oneSig = swap ? sig.left() : sig.right();
        int[] oneAt = new int[sig.count()];
        int[] oneStamp = new int[sig.count()];
        int[] matchedStamp = new int[sig.count()];
        int[] lastOne = new int[many.size()];
        int[] lastOut = new int[many.size()];
        Arrays.fill(lastOne, -1);
        int[] insertedStamp = new int[16];
        int[] insertedSig = new int[16];
        OutputSeries out = new OutputSeries(lhs.grid(), many.size());
        boolean comparison = op.isComparison();
        for (int i = 0; i < lhs.steps(); i++) {
            context.checkAlive();
            if (!lhs.anyAt(i) || !rhs.anyAt(i)) {
                continue;
            }
            int mark = i + 1;
            for (int r = 0; r < one.size(); r++) {
                if (!one.has(r, i)) {
                    continue;
                }
                int g = oneSig[r];
                if (oneStamp[g] == mark) {
                    throw duplicate(one.labels(r), one.labels(oneAt[g]), matching, swap);
                }
                oneStamp[g] = mark;
                oneAt[g] = r;
            }
            for (int l = 0; l < many.size(); l++) {
                if (!many.has(l, i)) {
                    continue;
                }
                int g = manySig[l];
                if (oneStamp[g] != mark) {
                    continue;
                }
                int r = oneAt[g];
                double a = swap ? one.value(r, i) : many.value(l, i);
                double b = swap ? many.value(l, i) : one.value(r, i);
                double value;
                boolean keep = true;
                if (comparison) {
                    keep = BinaryOperators.compare(op, a, b);
                    value = returnBool ? (keep ? 1 : 0) : a;
                } else {
                    value = BinaryOperators.arithmetic(op, a, b);
                }
                int o;
                if (lastOne[l] == r) {
                    o = lastOut[l];
                } else {
                    o = out.series(resultLabels(many.labels(l), one.labels(r), op, matching, returnBool));
                    lastOne[l] = r;
                    lastOut[l] = o;
                }
                if (oneToOne) {
                    if (matchedStamp[g] == mark) {
                        throw new QueryExecutionException(
                                "multiple matches for labels: many-to-one matching must be explicit (group_left/group_right)");
                    }
                    matchedStamp[g] = mark;
                } else {
                    if (o >= insertedStamp.length) {
                        int len = Math.max(o + 1, insertedStamp.length * 2);
                        insertedStamp = Arrays.copyOf(insertedStamp, len);
                        insertedSig = Arrays.copyOf(insertedSig, len);
                    }
                    if (insertedStamp[o] == mark && insertedSig[o] == g) {
                        throw new QueryExecutionException(
                                "multiple matches for labels: grouping labels must ensure unique matches");
                    }
                    insertedStamp[o] = mark;
                    insertedSig[o] = g;
                }
                if (keep || returnBool) {
                    out.set(o, i, value);
                }
            }
        }
        return out.vector();
    }

    private static QueryExecutionException duplicate(
            Labels current, Labels earlier, VectorMatching matching, boolean swap) {
        return new QueryExecutionException("found duplicate series for the match group "
                + PromText.labels(Signatures.matchLabels(current, matching)) + " on the " + (swap ? "left" : "right")
                + " hand-side of the operation: [" + PromText.labels(current) + ", " + PromText.labels(earlier)
                + "];many-to-many matching not allowed: matching labels must be unique on one side");
    }

    static Labels resultLabels(Labels many, Labels one, BinaryOp op, VectorMatching matching, boolean returnBool) {
        Labels l = BinaryOperators.dropsMetricName(op) || returnBool ? many.withoutMetricName() : many;
        if (matching.card() == Cardinality.ONE_TO_ONE) {
            l = matching.on() ? l.keep(matching.matchingLabels()) : l.without(matching.matchingLabels());
        }
        for (String name : matching.include()) {
            String v = one.get(name);
            l = v.isEmpty() ? l.without(List.of(name)) : l.with(name, v);
        }
        return l;
    }
}
