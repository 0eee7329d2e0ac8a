package io.tessera.bench.accel;

/**
 * One measured query: its text, whether it is a range query (over an hour at 15 s), where it is
 * evaluated (on the pane grid or off it), how its error is measured, and whether Tessera is
 * expected to answer it from a view.
 */
record AccelQuery(String name, String text, boolean range, boolean onGrid, ErrorKind error, boolean accelerated) {

    enum ErrorKind {
        /** Relative error of every series' value against Prometheus'. */
        RELATIVE,
        /** Rank error of every series' value among the sorted raw samples of its window, at {@link #quantile}. */
        RANK_OVER_TIME,
        /** Rank error of every group's value among the group's raw samples at the instant. */
        RANK_BY_JOB
    }

    /** The quantile of a rank-measured query: 0.5 when its text says so, else 0.99. */
    double quantile() {
        return text.contains("0.5,") ? 0.5 : 0.99;
    }
}
