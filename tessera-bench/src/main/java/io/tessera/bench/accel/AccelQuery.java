package io.tessera.bench.accel;

/**
 * One measured query: its text, whether it is a range query (over an hour at 15 s), where it is
 * evaluated (on the pane grid or off it), how its error is measured, and whether Tessera is
 * expected to answer it from a view.
 */
public record AccelQuery(
        String name, String text, boolean range, boolean onGrid, ErrorKind error, boolean accelerated) {

    public enum ErrorKind {
        /** Relative error of every series' value against Prometheus'. */
        RELATIVE,
        /** Rank error of every series' value among the sorted raw samples of its window, at {@link #quantile}. */
        RANK_OVER_TIME,
        /** Rank error of every group's value among the group's raw samples at the instant. */
        RANK_BY_JOB
    }

    /** The quantile of a rank-measured query: 0.5 when its text says so, else 0.99. */
    public double quantile() {
        return text.contains("0.5,") ? 0.5 : 0.99;
    }

    /** The selector of a rank-measured query, whose raw samples rank its answer: {@code x[1h]} of {@code quantile_over_time(0.99, x[1h])}. */
    public String rawSelector() {
        return text.substring(text.indexOf(", ") + 2, text.lastIndexOf(')'));
    }
}
