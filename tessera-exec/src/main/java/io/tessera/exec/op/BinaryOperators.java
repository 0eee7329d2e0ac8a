package io.tessera.exec.op;

import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.exec.value.ScalarValues;
import io.tessera.exec.value.Value;
import io.tessera.plan.VectorBinary;
import io.tessera.promql.BinaryOp;

/**
 * Binary operators at every step: between scalars, between a vector and a scalar, and between
 * two vectors — set operators in {@link SetOperators}, the others with vector matching in
 * {@link VectorJoin}. Arithmetic is Go's float arithmetic ({@code %} is {@code math.Mod},
 * {@code ^} is {@code math.Pow}); a comparison filters (keeping the vector's value) unless
 * {@code bool} makes it 0 or 1.
 */
public final class BinaryOperators {

    private BinaryOperators() {}

    public static Value evaluate(VectorBinary node, Value lhs, Value rhs, RunContext context) {
        BinaryOp op = node.op();
        boolean returnBool = node.returnBool();
        if (lhs instanceof ScalarValues l && rhs instanceof ScalarValues r) {
            double[] out = new double[l.values().length];
            for (int i = 0; i < out.length; i++) {
                out[i] = op.isComparison() ? (compare(op, l.at(i), r.at(i)) ? 1 : 0) : arithmetic(op, l.at(i), r.at(i));
            }
            return new ScalarValues(l.grid(), out);
        }
        if (lhs instanceof InstantVector l && rhs instanceof ScalarValues r) {
            return vectorScalar(op, l, r, returnBool, false, context);
        }
        if (lhs instanceof ScalarValues l && rhs instanceof InstantVector r) {
            return vectorScalar(op, r, l, returnBool, true, context);
        }
        InstantVector l = (InstantVector) lhs;
        InstantVector r = (InstantVector) rhs;
        if (op.isSetOperator()) {
            return SetOperators.evaluate(op, l, r, node.matching(), context);
        }
        return VectorJoin.evaluate(op, l, r, node.matching(), returnBool, context);
    }

    private static InstantVector vectorScalar(
            BinaryOp op, InstantVector v, ScalarValues s, boolean returnBool, boolean scalarFirst, RunContext context) {
        OutputSeries out = new OutputSeries(v.grid(), v.size());
        boolean dropName = dropsMetricName(op) || returnBool;
        boolean comparison = op.isComparison();
        for (int k = 0; k < v.size(); k++) {
            context.checkAlive();
            int o = -1;
            for (int i = 0; i < v.steps(); i++) {
                if (!v.has(k, i)) {
                    continue;
                }
                double x = v.value(k, i);
                double a = scalarFirst ? s.at(i) : x;
                double b = scalarFirst ? x : s.at(i);
                double value;
                if (comparison) {
                    boolean keep = compare(op, a, b);
                    if (returnBool) {
                        value = keep ? 1 : 0;
                    } else if (keep) {
                        value = x;
                    } else {
                        continue;
                    }
                } else {
                    value = arithmetic(op, a, b);
                }
                if (o < 0) {
                    o = out.series(dropName ? v.labels(k).withoutMetricName() : v.labels(k));
                }
                out.set(o, i, value);
            }
        }
        return out.vector();
    }

    /** Arithmetic changes what a series measures, so it loses its metric name; comparisons keep it. */
    static boolean dropsMetricName(BinaryOp op) {
        return switch (op) {
            case ADD, SUB, MUL, DIV, MOD, POW, ATAN2 -> true;
            default -> false;
        };
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
            case POW -> pow(a, b);
            case ATAN2 -> Math.atan2(a, b);
            default -> throw new IllegalArgumentException(op + " is not arithmetic");
        };
    }

    /**
     * Go's {@code math.Pow}, which differs from Java's where the base is ±1: {@code Pow(1, y)} is
     * 1 for every y, NaN included, and {@code Pow(-1, ±Inf)} is 1.
     */
    static double pow(double a, double b) {
        if (a == 1) {
            return 1;
        }
        if (a == -1 && Double.isInfinite(b)) {
            return 1;
        }
        return Math.pow(a, b);
    }
}
