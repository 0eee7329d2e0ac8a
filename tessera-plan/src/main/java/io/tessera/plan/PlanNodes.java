package io.tessera.plan;

import java.util.Arrays;

/** Node helpers that every kind must answer: a copy of a node reading other input ids. */
final class PlanNodes {

    private PlanNodes() {}

    /** {@code node} with its inputs, in {@link PlanNode#inputs()} order, replaced by {@code in}. */
    static PlanNode withInputs(PlanNode node, int[] in) {
        return switch (node) {
            case Scan s -> s;
            case NumberLiteral n -> n;
            case StringLiteral s -> s;
            case TimeRange t -> new TimeRange(in[0], t.windowKind(), t.rangeMs());
            case TimeShift t -> new TimeShift(in[0], t.offsetMs(), t.at(), t.kind());
            case RangeFunction r -> new RangeFunction(r.function(), in[0], tail(in));
            case Subquery s -> new Subquery(in[0], s.rangeMs(), s.stepMs());
            case InstantFunction f -> new InstantFunction(f.function(), in.clone(), f.kind(), f.absentLabels());
            case VectorAggregate a ->
                new VectorAggregate(a.op(), in[0], a.param() < 0 ? -1 : in[1], a.grouping(), a.without());
            case VectorBinary b -> new VectorBinary(b.op(), in[0], in[1], b.matching(), b.returnBool(), b.kind());
            case Negate n -> new Negate(in[0], n.kind());
            case PaneState p -> new PaneState(in[0], p.state(), p.grouping(), p.materialization());
            case ViewRangeFunction v -> new ViewRangeFunction(v.function(), in[0], v.windowMs(), tail(in));
            case ViewValue v -> new ViewValue(in[0]);
            case GridCorrection c ->
                new GridCorrection(c.function(), in[0], in[1], in[2], Arrays.copyOfRange(in, 3, in.length));
            case Fallback f -> new Fallback(in[0], in[1], f.kind());
            case SqlNode q -> SqlNodes.withInputs(q, in);
        };
    }

    private static int[] tail(int[] in) {
        int[] t = new int[in.length - 1];
        System.arraycopy(in, 1, t, 0, t.length);
        return t;
    }
}
