package io.tessera.plan.planner;

import io.tessera.plan.codec.InstallablePlan;
import java.util.List;

/**
 * What the planner decided, before any of it is put into words: the plan, each view group with its
 * chosen view or the reason none was, the range functions no view can answer, and the decisions of
 * the per-kind view planners (curve, sample and grid views) in the order they were made.
 *
 * @param planCostPerSecond  the accelerable range functions' cost under the plan, in cores
 * @param exactCostPerSecond the same functions computed exactly at every evaluation
 * @param kindDecisions      each per-kind planner decision, as that planner explains it
 */
record PlanDecisions(
        InstallablePlan plan,
        List<ViewSummary> groups,
        List<String> notAccelerated,
        double planCostPerSecond,
        double exactCostPerSecond,
        List<String> kindDecisions) {

    PlanDecisions {
        groups = List.copyOf(groups);
        notAccelerated = List.copyOf(notAccelerated);
        kindDecisions = List.copyOf(kindDecisions);
    }
}
