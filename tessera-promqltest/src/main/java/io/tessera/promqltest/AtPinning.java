package io.tessera.promqltest;

import java.util.Optional;

/**
 * Rewrites a query so that every selector and subquery without an {@code @} modifier is pinned
 * to {@code @ t}; promqltest then expects the same result at other evaluation times. Needs a
 * PromQL parser and printer, so it is supplied from outside.
 */
interface AtPinning {

    /**
     * The pinned query, or empty when it calls a function whose value depends on the evaluation
     * time even with pinned arguments: days_in_month, day_of_month, day_of_week, day_of_year,
     * hour, minute, month, year, predict_linear, time and timestamp. Selectors inside a subquery
     * that already has an {@code @} are left alone.
     */
    Optional<String> pin(String expr, long t);
}
