package io.tessera.promqltest;

import java.util.List;

/** What an eval expects the query to return, when it is expected to succeed. */
sealed interface ExpectedResult {

    /** A plain number line. */
    record Scalar(double value) implements ExpectedResult {}

    /** Series lines, possibly none: an empty vector or matrix. */
    record SeriesSet(List<ExpectedSeries> series) implements ExpectedResult {
        public SeriesSet {
            series = List.copyOf(series);
        }
    }

    /** {@code expect string "..."}. */
    record Text(String value) implements ExpectedResult {}
}
