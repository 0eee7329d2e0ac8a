package io.tessera.exec.sql;

/** How far an answer to the q-quantile is from q in rank, among the values it summarizes. */
final class RankError {

    private RankError() {}

    /**
     * The distance from {@code q} to the range of fractions of {@code values} below and at or
     * below {@code answer}: zero when some rank of the answer is q's; values in any order.
     */
    static double of(double[] values, double answer, double q) {
        int below = 0;
        int atOrBelow = 0;
        for (double x : values) {
            below += x < answer ? 1 : 0;
            atOrBelow += x <= answer ? 1 : 0;
        }
        double lo = (double) below / values.length;
        double hi = (double) atOrBelow / values.length;
        return q < lo ? lo - q : q > hi ? q - hi : 0;
    }
}
