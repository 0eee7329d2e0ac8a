package io.tessera.plan.planner;

import io.tessera.promql.RangeFunctionKind;

/**
 * Whether a view keeping the samples answers a range function, by name.
 *
 * @deprecated the sample sweep's last name-keyed question; it asks {@link RangeFunctionKind#answersFromSamples} once it switches
 */
@Deprecated(forRemoval = true)
public final class ViewFamilies {

    private ViewFamilies() {}

    /** True when a view keeping the samples answers {@code function}. */
    public static boolean answersFromSamples(String function) {
        return RangeFunctionKind.byName(function)
                .map(RangeFunctionKind::answersFromSamples)
                .orElse(false);
    }
}
