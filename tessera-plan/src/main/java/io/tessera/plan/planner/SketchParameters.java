package io.tessera.plan.planner;

import io.tessera.plan.StateSpec;
import io.tessera.plan.workload.AccuracyTarget;
import io.tessera.sketch.StateFamily;
import java.util.Map;
import org.apache.datasketches.kll.KllSketch;

/**
 * Sketch parameters from an accuracy target: the smallest sketch whose error bound, as the state
 * itself reports it in responses, meets the target.
 */
final class SketchParameters {

    static final int KLL_MIN_K = 8;

    private SketchParameters() {}

    /**
     * The state spec for {@code family} under {@code accuracy}, or null when no parameters of
     * the family reach the target.
     */
    static StateSpec specFor(StateFamily family, AccuracyTarget accuracy) {
        return switch (family) {
            case KLL -> {
                int k = kllK(accuracy.quantileRankError());
                yield k < 0 ? null : new StateSpec(StateFamily.KLL, Map.of("k", (double) k));
            }
            case DISTINCT -> {
                int lgK = distinctLgK(accuracy.distinctRelativeError());
                yield lgK < 0 ? null : new StateSpec(StateFamily.DISTINCT, Map.of("lg_k", (double) lgK));
            }
            default -> family.isExact() ? StateSpec.of(family) : null;
        };
    }

    /**
     * The smallest KLL k whose normalized rank error is at most {@code target}, or -1. The bound
     * is DataSketches' double-sided one at 99% confidence, the figure {@code KllState} reports,
     * so the plan promises exactly what a response will state.
     */
    static int kllK(double target) {
        if (!(target > 0) || kllRankError(KllSketch.MAX_K) > target) {
            return -1;
        }
        int lo = KLL_MIN_K;
        int hi = KllSketch.MAX_K;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (kllRankError(mid) <= target) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    static double kllRankError(int k) {
        return KllSketch.getNormalizedRankError(k, true);
    }

    /** The smallest CPC lgK whose relative error at two standard deviations meets {@code target}, or -1. */
    static int distinctLgK(double target) {
        for (int lgK = 4; lgK <= 26; lgK++) {
            if (distinctRelativeError(lgK) <= target) {
                return lgK;
            }
        }
        return -1;
    }

    /** CPC's relative standard error is about 0.6931/sqrt(2^lgK) (its ICON estimator); the bound is two of them. */
    static double distinctRelativeError(int lgK) {
        return 2 * 0.6931 / Math.sqrt(1L << lgK);
    }
}
