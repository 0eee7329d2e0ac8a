package io.tessera.plan;

import io.tessera.promql.AggregateOp;
import io.tessera.promql.RangeFunctionKind;
import io.tessera.sketch.ExtrapolatedRate;
import io.tessera.spi.Source;
import java.util.List;

/**
 * A node a curve view ({@link io.tessera.sketch.StateFamily#CURVE}) keeps:
 * {@code sum by/without (grouping) (f(selector[w]))} with {@code f} one of {@code rate},
 * {@code increase}, {@code delta}. For one series, {@code f} over {@code (t − w, t]} is piecewise
 * linear in {@code t} (it changes where {@code t} or {@code t − w} crosses a sample, where an
 * edge gap crosses 1.1 average intervals and where a counter's zero point crosses the window's
 * start), so a group's sum is too, and an ingestion run can keep it whole for any step phase.
 */
public record CurveShape(String function, long windowMs, int scan, List<String> grouping, boolean without) {

    /** The shape of {@code id}, seeing through the Fallbacks a view rewrite put under it; null when it has none. */
    public static CurveShape of(PhysicalDag dag, int id) {
        if (!(dag.node(id) instanceof VectorAggregate a) || a.op() != AggregateOp.SUM || a.param() >= 0) {
            return null;
        }
        int input = a.input();
        while (dag.node(input) instanceof Fallback f) {
            input = f.exact();
        }
        if (!(dag.node(input) instanceof RangeFunction f)
                || f.functionKind().flatMap(RangeFunctionKind::extrapolation).isEmpty()
                || f.params().length > 0
                || !(dag.node(f.input()) instanceof TimeRange t)
                || t.windowKind() != TimeRange.Kind.RANGE
                || !(dag.node(t.input()) instanceof Scan scan)
                || !(scan.source() instanceof Source.TimeSeries)) {
            return null;
        }
        return new CurveShape(f.function(), t.rangeMs(), t.input(), a.grouping(), a.without());
    }

    /** Which of rate, increase and delta the shape sums. */
    public ExtrapolatedRate extrapolation() {
        return RangeFunctionKind.byName(function)
                .flatMap(RangeFunctionKind::extrapolation)
                .orElseThrow();
    }

    public boolean counter() {
        return extrapolation().counter();
    }

    public boolean rate() {
        return extrapolation().perSecond();
    }
}
