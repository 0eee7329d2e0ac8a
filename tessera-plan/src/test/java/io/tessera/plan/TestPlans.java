package io.tessera.plan;

import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.promql.AggregateOp;
import io.tessera.promql.BinaryOp;
import io.tessera.promql.Cardinality;
import io.tessera.promql.VectorMatching;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
import java.util.List;
import java.util.Map;

/** Hand-built plans for codec and validation tests. */
public final class TestPlans {

    private TestPlans() {}

    /** A plan using every node kind once at least. */
    public static InstallablePlan allKinds() {
        DagBuilder b = new DagBuilder();
        int scan = b.add(new Scan(
                Source.TIME_SERIES,
                List.of(LabelMatcher.equal("__name__", "lat"), LabelMatcher.regex("job", "api|web"))));
        int pane = b.add(new TimeRange(scan, TimeRange.Kind.RANGE, 60_000));
        int state = b.add(new PaneState(
                pane,
                new StateSpec(StateFamily.KLL, Map.of("k", 268.0)),
                Grouping.PER_SERIES,
                new Materialization(Materialization.Mode.AT_INGESTION, 60_000, 0, 3 * 3_600_000L)));
        int q = b.add(new NumberLiteral(0.99));
        int view = b.add(new ViewRangeFunction("quantile_over_time", state, 3_600_000, new int[] {q}));
        int window = b.add(new TimeRange(scan, TimeRange.Kind.RANGE, 3_600_000));
        int exact = b.add(new RangeFunction("quantile_over_time", window, new int[] {q}));
        int fallback = b.add(new Fallback(view, exact, ValueKind.INSTANT_VECTOR));
        int shifted = b.add(new TimeShift(fallback, 3_600_000, null, ValueKind.INSTANT_VECTOR));
        int instant = b.add(new TimeRange(scan, TimeRange.Kind.INSTANT, 300_000));
        int at = b.add(new TimeShift(instant, 0, new EvalTimeAnchor.End(), ValueKind.INSTANT_VECTOR));
        int sub = b.add(new Subquery(at, 600_000, 0));
        int maxOver = b.add(new RangeFunction("max_over_time", sub, new int[0]));
        int agg = b.add(
                new VectorAggregate(AggregateOp.TOPK, maxOver, b.add(new NumberLiteral(5)), List.of("job"), false));
        int neg = b.add(new Negate(agg, ValueKind.INSTANT_VECTOR));
        int bin = b.add(new VectorBinary(
                BinaryOp.ADD,
                shifted,
                neg,
                new VectorMatching(Cardinality.MANY_TO_ONE, List.of("job"), true, List.of("team")),
                false,
                ValueKind.INSTANT_VECTOR));
        int nan = b.add(new NumberLiteral(Double.NaN));
        int inf = b.add(new NumberLiteral(Double.NEGATIVE_INFINITY));
        int cmp = b.add(new VectorBinary(BinaryOp.GTR, nan, inf, null, true, ValueKind.SCALAR));
        int label = b.add(new InstantFunction(
                "label_replace",
                new int[] {
                    bin,
                    b.add(new StringLiteral("dst")),
                    b.add(new StringLiteral("$1")),
                    b.add(new StringLiteral("src")),
                    b.add(new StringLiteral("(.*)"))
                },
                ValueKind.INSTANT_VECTOR,
                Labels.EMPTY));
        int absent = b.add(
                new InstantFunction("absent", new int[] {instant}, ValueKind.INSTANT_VECTOR, Labels.of("job", "api")));
        int fixed = b.add(new TimeShift(
                b.add(new TimeRange(scan, TimeRange.Kind.RANGE, 300_000)),
                60_000,
                new EvalTimeAnchor.Fixed(1_700_000_000_000L),
                ValueKind.RANGE_VECTOR));
        int rate = b.add(new RangeFunction("rate", fixed, new int[0]));
        int start = b.add(new TimeShift(rate, 0, new EvalTimeAnchor.Start(), ValueKind.INSTANT_VECTOR));
        b.root(label).root(cmp).root(absent).root(start);
        return InstallablePlan.of(b.build(), List.of("a", "b", "c", "d"));
    }
}
