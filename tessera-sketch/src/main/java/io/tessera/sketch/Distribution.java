package io.tessera.sketch;

import io.tessera.core.Search;
import java.util.SplittableRandom;

/** Value distributions for accuracy measurements and tests, drawn from a seeded generator. */
enum Distribution {
    /** uniform on [0, 1000) */
    UNIFORM,
    /** lognormal, mu 0, sigma 1.5: a long right tail */
    LOGNORMAL,
    /** Zipf over the integers 1..10000 with exponent 1.1: heavy ties */
    ZIPF,
    /** a mixture of normals around 100 (sd 10) and 1000 (sd 50), weights 0.7 and 0.3 */
    BIMODAL;

    private static final int ZIPF_N = 10_000;
    private static final double ZIPF_S = 1.1;
    private static final double[] ZIPF_CDF = zipfCdf();

    private static double[] zipfCdf() {
        double[] cdf = new double[ZIPF_N];
        double total = 0;
        for (int i = 0; i < ZIPF_N; i++) {
            total += 1 / Math.pow(i + 1, ZIPF_S);
            cdf[i] = total;
        }
        for (int i = 0; i < ZIPF_N; i++) {
            cdf[i] /= total;
        }
        return cdf;
    }

    double sample(SplittableRandom rnd) {
        return switch (this) {
            case UNIFORM -> rnd.nextDouble(0, 1000);
            case LOGNORMAL -> Math.exp(1.5 * gaussian(rnd));
            case ZIPF -> zipf(rnd);
            case BIMODAL -> rnd.nextDouble() < 0.7 ? 100 + 10 * gaussian(rnd) : 1000 + 50 * gaussian(rnd);
        };
    }

    /** A value from this distribution rounded onto a grid, so that values repeat: for distinct counts and keys. */
    long discreteSample(SplittableRandom rnd) {
        return switch (this) {
            case UNIFORM -> rnd.nextLong(0, 1_000_000);
            case LOGNORMAL -> Math.round(100 * Math.exp(1.5 * gaussian(rnd)));
            case ZIPF -> (long) zipf(rnd);
            case BIMODAL -> Math.round(10 * sample(rnd));
        };
    }

    double[] samples(SplittableRandom rnd, int n) {
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = sample(rnd);
        }
        return out;
    }

    private static double zipf(SplittableRandom rnd) {
        return Search.firstAtLeast(ZIPF_CDF, 0, ZIPF_N - 1, rnd.nextDouble()) + 1;
    }

    private static double gaussian(SplittableRandom rnd) {
        double u1 = 1 - rnd.nextDouble();
        double u2 = rnd.nextDouble();
        return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    }
}
