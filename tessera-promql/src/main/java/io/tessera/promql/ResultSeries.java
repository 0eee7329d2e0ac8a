package io.tessera.promql;

/** Which series a range function's result has. */
public enum ResultSeries {
    /** One per input series that has a value, without the metric name. */
    PER_SERIES_WITHOUT_NAME,
    /** One per input series that has a value, labelled as the input (the function returns a sample as it was). */
    PER_SERIES_WITH_NAME,
    /**
     * One series where the input has none, labelled from the selector's equality matchers
     * ({@code absent_over_time}); it is evaluated over the whole range vector, not per series.
     */
    ONE_WHERE_ABSENT
}
