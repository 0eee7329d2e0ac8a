package io.tessera.plan;

import java.util.Arrays;

/** Node helpers that every kind must answer: a copy of a node reading other input ids. */
public final class PlanNodes {

    private PlanNodes() {}

    /** {@code node} with its inputs, in {@link PlanNode#inputs()} order, replaced by {@code in}. */
    public static PlanNode withInputs(PlanNode node, int[] in) {
        return switch (node) {
            case LeafNode l -> l;
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

    /** The wire name of a node's kind. */
    public static String kindOf(PlanNode node) {
        return switch (node) {
            case Scan s -> "scan";
            case TimeRange t -> "time_range";
            case TimeShift t -> "time_shift";
            case RangeFunction r -> "range_function";
            case Subquery s -> "subquery";
            case InstantFunction f -> "instant_function";
            case VectorAggregate a -> "vector_aggregate";
            case VectorBinary b -> "vector_binary";
            case Negate n -> "negate";
            case NumberLiteral n -> "number_literal";
            case StringLiteral s -> "string_literal";
            case PaneState p -> "pane_state";
            case ViewRangeFunction v -> "view_range_function";
            case ViewValue v -> "view_value";
            case GridCorrection c -> "grid_correction";
            case Fallback f -> "fallback";
            case SqlNode q -> sqlKindOf(q);
        };
    }

    private static String sqlKindOf(SqlNode node) {
        return switch (node) {
            case TableWindow w -> "table_window";
            case RowFilter f -> "row_filter";
            case TimeBucket b -> "time_bucket";
            case GroupedAggregate a -> "grouped_aggregate";
            case OrderLimit o -> "order_limit";
            case Project p -> "project";
            case SqlViewAggregate v -> "sql_view_aggregate";
        };
    }
}
