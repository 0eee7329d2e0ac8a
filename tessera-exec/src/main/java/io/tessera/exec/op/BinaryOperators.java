package io.tessera.exec.op;

import io.tessera.core.Labels;
import io.tessera.exec.QueryExecutionException;
import io.tessera.exec.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.Value;
import io.tessera.plan.VectorBinary;
import io.tessera.promql.BinaryOp;
import io.tessera.promql.Cardinality;
import io.tessera.promql.VectorMatching;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Binary operators at every step: between scalars, between a vector and a scalar, and between
 * two vectors with Prometheus' one-to-one matching on {@code on}/{@code ignoring} labels.
 */
public final class BinaryOperators {

    private BinaryOperators() {
    }

    public static Value evaluate(VectorBinary node, Value lhs, Value rhs, RunContext context) {
        BinaryOp op = node.op();
        boolean returnBool = node.returnBool();
        if (lhs instanceof ScalarValues l && rhs instanceof ScalarValues r) {
            double[] out = new double[l.values().length];
            for (int i = 0; i < out.length; i++) {
                out[i] = scalarResult(op, l.at(i), r.at(i), returnBool);
            }
            return new ScalarValues(l.grid(), out);
        }
        if (lhs instanceof InstantVector l && rhs instanceof ScalarValues r) {
            return vectorScalar(op, l, r, returnBool, false);
        }
        if (lhs instanceof ScalarValues l && rhs instanceof InstantVector r) {
            return vectorScalar(op, r, l, returnBool, true);
        }
        return vectorVector(op, (InstantVector) lhs, (InstantVector) rhs, node.matching(), returnBool, context);
    }

    private static double scalarResult(BinaryOp op, double a, double b, boolean returnBool) {
        if (op.isComparison()) {
            return compare(op, a, b) ? 1 : 0;
        }
        return arithmetic(op, a, b);
    }

    private static InstantVector vectorScalar(BinaryOp op, InstantVector v, ScalarValues s, boolean returnBool, boolean scalarFirst) {
        InstantVector out = new InstantVector(v.grid(), v.size());
        boolean dropName = !op.isComparison() || returnBool;
        for (int k = 0; k < v.size(); k++) {
            int o = -1;
            for (int i = 0; i < v.steps(); i++) {
                if (!v.has(k, i)) {
                    continue;
                }
                double a = scalarFirst ? s.at(i) : v.value(k, i);
                double b = scalarFirst ? v.value(k, i) : s.at(i);
                double value;
                if (op.isComparison()) {
                    boolean keep = compare(op, a, b);
                    if (returnBool) {
                        value = keep ? 1 : 0;
                    } else if (keep) {
                        value = v.value(k, i);
                    } else {
                        continue;
                    }
                } else {
                    value = arithmetic(op, a, b);
                }
                if (o < 0) {
                    o = out.addSeries(dropName ? v.labels(k).withoutMetricName() : v.labels(k));
                }
                out.set(o, i, value);
            }
        }
        return out;
    }

    private static InstantVector vectorVector(BinaryOp op, InstantVector lhs, InstantVector rhs, VectorMatching matching,
            boolean returnBool, RunContext context) {
        if (op.isSetOperator() || matching.card() != Cardinality.ONE_TO_ONE) {
            throw new QueryExecutionException("operator " + op.name().toLowerCase() + " with "
                    + matching.card().name().toLowerCase() + " matching is not supported yet");
        }
        int steps = lhs.steps();
        Map<Labels, Integer> rightBySignature = new HashMap<>();
        Labels[] rightSignatures = new Labels[rhs.size()];
        for (int r = 0; r < rhs.size(); r++) {
            rightSignatures[r] = signature(rhs.labels(r), matching);
        }
        InstantVector out = new InstantVector(lhs.grid(), lhs.size());
        Map<Labels, Integer> outputs = new HashMap<>();
        for (int i = 0; i < steps; i++) {
            context.checkAlive();
            rightBySignature.clear();
            for (int r = 0; r < rhs.size(); r++) {
                if (rhs.has(r, i) && rightBySignature.put(rightSignatures[r], r) != null) {
                    throw new QueryExecutionException("found duplicate series for the match group " + rightSignatures[r]
                            + " on the right hand-side of the operation: many-to-many matching not allowed: matching labels must be unique on one side");
                }
            }
            Map<Labels, Integer> leftSeen = new HashMap<>();
            for (int l = 0; l < lhs.size(); l++) {
                if (!lhs.has(l, i)) {
                    continue;
                }
                Labels sig = signature(lhs.labels(l), matching);
                Integer r = rightBySignature.get(sig);
                if (r == null) {
                    continue;
                }
                if (leftSeen.put(sig, l) != null) {
                    throw new QueryExecutionException("found duplicate series for the match group " + sig
                            + " on the left hand-side of the operation: many-to-many matching not allowed: matching labels must be unique on one side");
                }
                double a = lhs.value(l, i);
                double b = rhs.value(r, i);
                double value;
                if (op.isComparison()) {
                    boolean keep = compare(op, a, b);
                    if (returnBool) {
                        value = keep ? 1 : 0;
                    } else if (keep) {
                        value = a;
                    } else {
                        continue;
                    }
                } else {
                    value = arithmetic(op, a, b);
                }
                Labels result = resultLabels(lhs.labels(l), matching, op.isComparison() && !returnBool);
                Integer o = outputs.get(result);
                if (o == null) {
                    o = out.addSeries(result);
                    outputs.put(result, o);
                } else if (out.has(o, i)) {
                    throw new QueryExecutionException("multiple matches for labels: many-to-one matching must be explicit (group_left/group_right)");
                }
                out.set(o, i, value);
            }
        }
        return out;
    }

    static Labels signature(Labels labels, VectorMatching matching) {
        if (matching.on()) {
            return labels.keep(matching.matchingLabels());
        }
        List<String> drop = new java.util.ArrayList<>(matching.matchingLabels());
        drop.add(Labels.METRIC_NAME);
        return labels.without(drop);
    }

    private static Labels resultLabels(Labels lhs, VectorMatching matching, boolean keepName) {
        Labels l = keepName ? lhs : lhs.withoutMetricName();
        return matching.on() ? l.keep(matching.matchingLabels()) : l.without(matching.matchingLabels());
    }

    static boolean compare(BinaryOp op, double a, double b) {
        return switch (op) {
            case EQL -> a == b;
            case NEQ -> a != b;
            case GTR -> a > b;
            case LSS -> a < b;
            case GTE -> a >= b;
            case LTE -> a <= b;
            default -> throw new IllegalArgumentException(op + " is not a comparison");
        };
    }

    static double arithmetic(BinaryOp op, double a, double b) {
        return switch (op) {
            case ADD -> a + b;
            case SUB -> a - b;
            case MUL -> a * b;
            case DIV -> a / b;
            case MOD -> a % b;
            case POW -> Math.pow(a, b);
            case ATAN2 -> Math.atan2(a, b);
            default -> throw new IllegalArgumentException(op + " is not arithmetic");
        };
    }
}
