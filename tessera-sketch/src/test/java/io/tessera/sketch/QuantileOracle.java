package io.tessera.sketch;

import io.tessera.core.StaleMarker;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Brute force for the quantile tests: the samples in Prometheus' order (NaN first, then
 * ascending; stale markers are not samples), the exact quantile of that order, and the rank error
 * of an answer against it.
 */
final class QuantileOracle {

    private final double[] sorted;
    private final int nan;

    QuantileOracle(double[] samples) {
        double[] kept = new double[samples.length];
        int n = 0;
        int nan = 0;
        for (double v : samples) {
            if (StaleMarker.isStale(v)) {
                continue;
            }
            kept[n++] = v;
            if (Double.isNaN(v)) {
                nan++;
            }
        }
        double[] numbers = new double[n - nan];
        int j = 0;
        for (int i = 0; i < n; i++) {
            if (!Double.isNaN(kept[i])) {
                numbers[j++] = kept[i];
            }
        }
        Arrays.sort(numbers);
        this.sorted = new double[n];
        Arrays.fill(sorted, 0, nan, Double.NaN);
        System.arraycopy(numbers, 0, sorted, nan, numbers.length);
        this.nan = nan;
    }

    int size() {
        return sorted.length;
    }

    int nanCount() {
        return nan;
    }

    /**
     * Prometheus' φ-quantile, 0 &lt;= q &lt;= 1: interpolated between the closest ranks, NaN when
     * the lower is a NaN, and (as in Prometheus) NaN where an infinity is multiplied by a weight of 0.
     */
    double quantile(double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double rank = q * (sorted.length - 1);
        int lower = (int) Math.floor(rank);
        int upper = Math.min(sorted.length - 1, lower + 1);
        if (lower < nan) {
            return Double.NaN;
        }
        double w = rank - lower;
        return sorted[lower] * (1 - w) + sorted[upper] * w;
    }

    /** The sample of rank {@code floor(q·(n−1))} in this order. */
    double atFloorRank(double q) {
        return sorted[(int) Math.floor(q * (sorted.length - 1))];
    }

    /**
     * The normalized distance from rank {@code q·(n−1)} to the ranks {@code v} takes among the
     * samples (a value between two samples takes both their ranks), over all {@code n} samples,
     * NaN included.
     */
    double rankError(double q, double v) {
        int below;
        int atOrBelow;
        if (Double.isNaN(v)) {
            below = 0;
            atOrBelow = nan;
        } else {
            below = nan + countBefore(v, false);
            atOrBelow = nan + countBefore(v, true);
        }
        double first = atOrBelow > below ? below : below - 1;
        double last = atOrBelow - 1 >= below ? atOrBelow - 1 : below;
        double target = q * (sorted.length - 1);
        double distance = target < first ? first - target : target > last ? target - last : 0;
        return distance / sorted.length;
    }

    private int countBefore(double v, boolean inclusive) {
        int lo = nan;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < v || (inclusive && sorted[mid] == v)) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo - nan;
    }

    /**
     * {@code n} samples: mostly lognormal or Gaussian values, with a share {@code nanShare} of
     * NaN, some ±Inf, stale markers (not samples), negative zeros and repeats.
     */
    static double[] samples(SplittableRandom rnd, int n, double nanShare) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            double u = rnd.nextDouble();
            if (u < nanShare) {
                out[i] = Double.NaN;
                continue;
            }
            out[i] = switch (rnd.nextInt(50)) {
                case 0 -> StaleMarker.VALUE;
                case 1 -> Double.POSITIVE_INFINITY;
                case 2 -> Double.NEGATIVE_INFINITY;
                case 3 -> -0.0;
                case 4, 5 -> Math.floor(rnd.nextDouble() * 4);
                default -> rnd.nextBoolean() ? Math.exp(rnd.nextGaussian() * 2) : rnd.nextGaussian() * 100;
            };
        }
        return out;
    }
}
