package org.apache.datasketches.cpc;

import java.util.function.IntConsumer;

/**
 * What the CPC library computes but keeps package-private, for counting values on top of a
 * sketch without a union: a sketch's coupons (its bit matrix) and their number, and the ICON
 * estimate and bounds a union result gives for its number of coupons. A union's result is the OR
 * of its inputs' coupons and estimates with ICON from their count alone, so a count kept this way
 * gives exactly the union's estimate and bounds. No public API of the library gives any of these
 * (a sketch's coupons exist publicly only inside its compressed serialized image), so this class
 * stays in the library's package; the coupon a value maps to needs only the public MurmurHash3
 * and is computed outside it.
 */
public final class CpcCoupons {

    private CpcCoupons() {}

    /** Bit {@code col} of word {@code row} is set for each coupon (row, col) of {@code sketch}. */
    public static long[] bitMatrix(CpcSketch sketch) {
        return CpcUtil.bitMatrixOfSketch(sketch);
    }

    /** Each coupon of {@code sketch}: a sparse sketch's from its table, any other's from its bit matrix. */
    public static void forEach(CpcSketch sketch, IntConsumer coupon) {
        if (sketch.numCoupons == 0) {
            return;
        }
        if (sketch.slidingWindow == null) {
            for (int rowCol : sketch.pairTable.getSlotsArr()) {
                if (rowCol != -1) {
                    coupon.accept(rowCol);
                }
            }
            return;
        }
        long[] matrix = bitMatrix(sketch);
        for (int row = 0; row < matrix.length; row++) {
            for (long bits = matrix[row]; bits != 0; bits &= bits - 1) {
                coupon.accept((row << 6) | Long.numberOfTrailingZeros(bits));
            }
        }
    }

    public static long numCoupons(CpcSketch sketch) {
        return sketch.numCoupons;
    }

    public static double iconEstimate(int lgK, long coupons) {
        return IconEstimator.getIconEstimate(lgK, coupons);
    }

    public static double iconLowerBound(int lgK, long coupons, int kappa) {
        return CpcConfidence.getIconConfidenceLB(lgK, coupons, kappa);
    }

    public static double iconUpperBound(int lgK, long coupons, int kappa) {
        return CpcConfidence.getIconConfidenceUB(lgK, coupons, kappa);
    }
}
