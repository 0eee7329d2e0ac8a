package io.tessera.plan.planner;

import io.tessera.plan.EvalTimeAnchor;
import io.tessera.plan.PlanNode;
import io.tessera.plan.Subquery;
import io.tessera.plan.TimeShift;
import io.tessera.plan.workload.WorkloadQuery;

/**
 * How one root's evaluations reach a node: evaluations per second, evaluation times per run
 * (steps, times the steps of any subquery above), the span of those times, the offset before
 * the root's evaluation time, and the cadence the times fall on.
 *
 * @param root           the root's query index
 * @param evalsPerSecond runs per second; a one-off query counts once per horizon
 * @param steps          evaluation times of the node per run
 * @param extentMs       the span of those evaluation times (0 for one time)
 * @param offsetMs       how far before the root's time the latest of them lies
 * @param cadenceMs      the distance between consecutive evaluation times; 0 when there is none
 * @param onGrid         whether the times are multiples of the cadence (step grids, subqueries)
 *                       rather than "now"
 * @param pinned         an {@code @ <time>} above pins the times: no view keeps that window
 */
record Reach(
        int root,
        double evalsPerSecond,
        long steps,
        long extentMs,
        long offsetMs,
        long cadenceMs,
        boolean onGrid,
        boolean pinned) {

    static Reach ofRoot(int root, WorkloadQuery q, CostConstants c) {
        double rate = 1000.0 / (q.periodic() ? q.everyMs() : c.oneOffHorizonMs());
        return q.type() == WorkloadQuery.Type.INSTANT
                ? new Reach(root, rate, 1, 0, 0, q.everyMs(), false, false)
                : new Reach(root, rate, q.steps(), q.rangeMs(), 0, q.stepMs(), q.aligned(), false);
    }

    /** This reach seen below {@code node}. */
    Reach below(PlanNode node, long defaultSubqueryStepMs) {
        return switch (node) {
            case TimeShift t ->
                switch (t.at()) {
                    case null ->
                        new Reach(
                                root,
                                evalsPerSecond,
                                steps,
                                extentMs,
                                offsetMs + t.offsetMs(),
                                cadenceMs,
                                onGrid,
                                pinned);
                    case EvalTimeAnchor.Fixed f ->
                        new Reach(root, evalsPerSecond, 1, 0, offsetMs + t.offsetMs(), 0, false, true);
                    case EvalTimeAnchor.Start s ->
                        new Reach(root, evalsPerSecond, 1, 0, offsetMs + extentMs + t.offsetMs(), 0, false, pinned);
                    case EvalTimeAnchor.End e ->
                        new Reach(root, evalsPerSecond, 1, 0, offsetMs + t.offsetMs(), 0, false, pinned);
                };
            case Subquery s -> {
                long step = s.stepMs() > 0 ? s.stepMs() : defaultSubqueryStepMs;
                yield new Reach(
                        root,
                        evalsPerSecond,
                        steps * Math.max(1, s.rangeMs() / step),
                        extentMs + s.rangeMs(),
                        offsetMs,
                        step,
                        true,
                        pinned);
            }
            default -> this;
        };
    }

    /** Whether the query is evaluated on a schedule rather than once. */
    boolean periodic(CostConstants c) {
        return evalsPerSecond > 1000.0 / c.oneOffHorizonMs() * 1.000001;
    }
}
