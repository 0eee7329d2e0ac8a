package io.tessera.plan.planner;

import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.StateSpec;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One candidate view as the planner weighed it.
 *
 * @param definitionId     the view's definition id; null when no view was chosen
 * @param source           the selector it summarizes, e.g. {@code {__name__="x"}}
 * @param mode             AT_INGESTION or AT_QUERY_KEPT; null when the readers run exactly (AT_QUERY)
 * @param memoryBytes      estimated bytes kept
 * @param servedQueries    indexes of the workload queries it serves
 * @param costPerSecond    the chosen alternative's cost, in cores
 * @param alternatives     every alternative's cost in cores ({@code +Inf} when ineligible)
 * @param reasons          for each alternative that lost, why
 */
public record ViewSummary(
        String definitionId,
        String source,
        StateSpec state,
        long paneMs,
        Grouping grouping,
        Materialization.Mode mode,
        long retentionMs,
        double memoryBytes,
        List<Integer> servedQueries,
        double costPerSecond,
        Map<String, Double> alternatives,
        Map<String, String> reasons) {

    public ViewSummary {
        servedQueries = List.copyOf(servedQueries);
        alternatives = Collections.unmodifiableMap(new LinkedHashMap<>(alternatives));
        reasons = Collections.unmodifiableMap(new LinkedHashMap<>(reasons));
    }

    public boolean chosen() {
        return mode != null;
    }
}
