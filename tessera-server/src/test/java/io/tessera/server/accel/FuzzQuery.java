package io.tessera.server.accel;

/**
 * One fuzzed PromQL query and how its accelerated answer is checked against the exact one.
 *
 * @param population    for {@link Check#SKETCH_QUANTILE}: the range selector (with its modifiers)
 *                      whose samples the quantile is taken from
 * @param q             the quantile asked, for {@link Check#SKETCH_QUANTILE}
 * @param plannable     whether it may go into the planner's workload
 * @param slidingCounter a bare {@code rate}/{@code increase}/{@code delta} (or a sum of one) without
 *                      modifiers, which the planner serves at any step when its panel is unaligned
 * @param rule          always in the workload as a rule or an instant at "now", so that its
 *                      off-grid instants may be corrected from a grid of its values
 */
record FuzzQuery(
        String text,
        Check check,
        String population,
        double q,
        boolean plannable,
        boolean slidingCounter,
        boolean rule) {

    enum Check {
        /** same label sets, values within 1e-9 relative or 1e-12 absolute, NaN and ±Inf exactly */
        EXACT,
        /** topk/bottomk: ties may pick other series, so the values per step are compared as sorted lists */
        TIES,
        /** quantile_over_time: from a sketch, the answer's rank among the window's samples within the stated bound */
        SKETCH_QUANTILE,
        /** an invalid query: both answers must be the same client error */
        ERROR
    }

    static FuzzQuery exact(String text, boolean slidingCounter) {
        return new FuzzQuery(text, Check.EXACT, null, Double.NaN, true, slidingCounter, false);
    }

    static FuzzQuery rule(String text) {
        return new FuzzQuery(text, Check.EXACT, null, Double.NaN, true, false, true);
    }

    static FuzzQuery ties(String text) {
        return new FuzzQuery(text, Check.TIES, null, Double.NaN, true, false, false);
    }

    static FuzzQuery quantile(String text, String population, double q) {
        return new FuzzQuery(text, Check.SKETCH_QUANTILE, population, q, true, false, false);
    }

    static FuzzQuery quantileRule(String text, String population, double q) {
        return new FuzzQuery(text, Check.SKETCH_QUANTILE, population, q, true, false, true);
    }

    static FuzzQuery error(String text) {
        return new FuzzQuery(text, Check.ERROR, null, Double.NaN, false, false, false);
    }
}
