package io.tessera.plan.workload;

/**
 * The error a query accepts from an approximate answer: a quantile's normalized rank error and a
 * distinct count's relative error. Exact families always meet it.
 */
public record AccuracyTarget(double quantileRankError, double distinctRelativeError) {

    public static final AccuracyTarget DEFAULT = new AccuracyTarget(0.01, 0.02);

    public AccuracyTarget {
        if (!(quantileRankError >= 0 && quantileRankError < 1)) {
            throw new IllegalArgumentException("a quantile rank error must be in [0, 1), got " + quantileRankError);
        }
        if (!(distinctRelativeError >= 0 && distinctRelativeError < 1)) {
            throw new IllegalArgumentException(
                    "a distinct relative error must be in [0, 1), got " + distinctRelativeError);
        }
    }

    /** The stricter of the two targets in each dimension. */
    public AccuracyTarget strictest(AccuracyTarget other) {
        return new AccuracyTarget(
                Math.min(quantileRankError, other.quantileRankError),
                Math.min(distinctRelativeError, other.distinctRelativeError));
    }
}
