package io.tessera.plan;

import io.tessera.sketch.StateFamily;
import java.util.Map;
import java.util.Set;

/**
 * Which state family answers which range function from a view. One family per function: the
 * executor finalizes a merged window state of exactly this family as the function.
 */
public final class ViewFamilies {

    private static final Map<String, StateFamily> FAMILIES = Map.ofEntries(
            Map.entry("sum_over_time", StateFamily.SUM),
            Map.entry("count_over_time", StateFamily.COUNT),
            Map.entry("avg_over_time", StateFamily.AVG),
            Map.entry("min_over_time", StateFamily.MIN),
            Map.entry("max_over_time", StateFamily.MAX),
            Map.entry("last_over_time", StateFamily.LAST),
            Map.entry("present_over_time", StateFamily.PRESENT),
            Map.entry("stddev_over_time", StateFamily.VARIANCE),
            Map.entry("stdvar_over_time", StateFamily.VARIANCE),
            Map.entry("quantile_over_time", StateFamily.KLL),
            Map.entry("rate", StateFamily.COUNTER),
            Map.entry("increase", StateFamily.COUNTER),
            Map.entry("delta", StateFamily.COUNTER),
            Map.entry("resets", StateFamily.COUNTER),
            Map.entry("changes", StateFamily.COUNTER));

    private ViewFamilies() {}

    /**
     * Functions a view of {@link StateFamily#SAMPLES} also answers, with any pane width: it keeps
     * the samples, so a window is cut from it wherever its edges fall.
     */
    private static final Set<String> FROM_SAMPLES = Set.of("rate", "increase", "delta");

    /** True when a view keeping the samples answers {@code function}. */
    public static boolean answersFromSamples(String function) {
        return FROM_SAMPLES.contains(function);
    }

    /** The family whose merged state answers {@code function}, or null when no view can. */
    public static StateFamily familyOf(String function) {
        return FAMILIES.get(function);
    }
}
