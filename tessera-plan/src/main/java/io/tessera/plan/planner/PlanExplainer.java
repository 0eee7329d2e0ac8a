package io.tessera.plan.planner;

import io.tessera.plan.workload.Workload;

/** Puts the planner's decisions into the words {@code tessera plan} prints. */
final class PlanExplainer {

    private PlanExplainer() {}

    static PlanResult explain(Workload workload, PlanDecisions decisions) {
        StringBuilder text = new StringBuilder(ExplanationText.render(
                workload,
                decisions.plan(),
                decisions.groups(),
                decisions.notAccelerated(),
                decisions.planCostPerSecond(),
                decisions.exactCostPerSecond()));
        for (String kindDecision : decisions.kindDecisions()) {
            text.append('\n').append(kindDecision).append('\n');
        }
        return new PlanResult(
                decisions.plan(),
                new Explanation(
                        decisions.groups(),
                        decisions.notAccelerated(),
                        decisions.planCostPerSecond(),
                        decisions.exactCostPerSecond(),
                        text.toString()));
    }
}
