package io.tessera.exec.op;

import io.tessera.exec.context.RunContext;
import io.tessera.exec.value.InstantVector;
import io.tessera.promql.BinaryOp;
import io.tessera.promql.VectorMatching;

/**
 * {@code and}, {@code or} and {@code unless} at every step, many-to-many on the join signature:
 * {@code and} keeps the left points whose signature is on the right, {@code unless} those whose
 * is not, {@code or} all left points and the right points whose signature is not on the left.
 * Series keep all their labels.
 */
final class SetOperators {

    private SetOperators() {}

    static InstantVector evaluate(
            BinaryOp op, InstantVector lhs, InstantVector rhs, VectorMatching matching, RunContext context) {
        Signatures sig = Signatures.of(lhs, rhs, matching);
        OutputSeries out = new OutputSeries(lhs.grid(), lhs.size() + (op == BinaryOp.OR ? rhs.size() : 0));
        int[] leftOut = outputs(lhs, out);
        int[] rightOut = op == BinaryOp.OR ? outputs(rhs, out) : null;
        int[] stamp = new int[sig.count()];
        for (int i = 0; i < lhs.steps(); i++) {
            context.checkAlive();
            boolean leftAny = lhs.anyAt(i);
            boolean rightAny = rhs.anyAt(i);
            int mark = i + 1;
            switch (op) {
                case AND -> {
                    if (!leftAny || !rightAny) {
                        continue;
                    }
                    markPresent(rhs, sig.right(), i, stamp, mark);
                    copy(lhs, sig.left(), leftOut, i, stamp, mark, true, out);
                }
                case UNLESS -> {
                    if (!leftAny) {
                        continue;
                    }
                    if (rightAny) {
                        markPresent(rhs, sig.right(), i, stamp, mark);
                    }
                    copy(lhs, sig.left(), leftOut, i, stamp, mark, false, out);
                }
                case OR -> {
                    if (leftAny) {
                        markPresent(lhs, sig.left(), i, stamp, mark);
                        copy(lhs, sig.left(), leftOut, i, stamp, mark, true, out);
                    }
                    copy(rhs, sig.right(), rightOut, i, stamp, mark, false, out);
                }
                default -> throw new IllegalArgumentException(op + " is not a set operator");
            }
        }
        return out.vector();
    }

    private static int[] outputs(InstantVector v, OutputSeries out) {
        int[] index = new int[v.size()];
        for (int s = 0; s < v.size(); s++) {
            index[s] = out.series(v.labels(s));
        }
        return index;
    }

    private static void markPresent(InstantVector v, int[] sig, int i, int[] stamp, int mark) {
        for (int s = 0; s < v.size(); s++) {
            if (v.has(s, i)) {
                stamp[sig[s]] = mark;
            }
        }
    }

    /** Copies the points at step i whose signature is marked ({@code marked}) or not. */
    private static void copy(
            InstantVector v,
            int[] sig,
            int[] outIndex,
            int i,
            int[] stamp,
            int mark,
            boolean marked,
            OutputSeries out) {
        for (int s = 0; s < v.size(); s++) {
            if (v.has(s, i) && (stamp[sig[s]] == mark) == marked) {
                out.set(outIndex[s], i, v.value(s, i));
            }
        }
    }
}
