package io.tessera.plan.planner;

import java.util.List;

/**
 * Why the plan is what it is: every candidate view (chosen or not) with its costs, and the range
 * functions no view can answer. {@link #text()} is what {@code tessera plan} prints.
 *
 * @param planCostPerSecond  the accelerable range functions' cost under the plan, in cores
 * @param exactCostPerSecond the same functions computed exactly at every evaluation
 */
public record Explanation(
        List<ViewSummary> candidates,
        List<String> notAccelerated,
        double planCostPerSecond,
        double exactCostPerSecond,
        String text) {

    public Explanation {
        candidates = List.copyOf(candidates);
        notAccelerated = List.copyOf(notAccelerated);
    }

    public List<ViewSummary> views() {
        return candidates.stream().filter(ViewSummary::chosen).toList();
    }

    @Override
    public String toString() {
        return text;
    }
}
