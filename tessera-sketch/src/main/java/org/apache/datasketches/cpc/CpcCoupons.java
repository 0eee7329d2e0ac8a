package org.apache.datasketches.cpc;

import java.nio.charset.StandardCharsets;
import java.util.function.IntConsumer;
import org.apache.datasketches.hash.MurmurHash3;

/**
 * What the CPC library computes but keeps package-private, for counting values on top of a
 * sketch without a union: a sketch's coupons (its bit matrix), the coupon a value maps to, and
 * the ICON estimate and bounds a union result gives for its number of coupons. A union's result
 * is the OR of its inputs' coupons and estimates with ICON from their count alone, so a count
 * kept this way gives exactly the union's estimate and bounds.
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

    public static long seed(CpcSketch sketch) {
        return sketch.seed;
    }

    /** The coupon ({@code row << 6 | col}) that {@link CpcSketch#update(double)} would collect for {@code value}. */
    public static int coupon(double value, int lgK, long seed) {
        double d = value == 0.0 ? 0.0 : value;
        long[] h = MurmurHash3.hash(new long[] {Double.doubleToLongBits(d)}, seed);
        return coupon(h[0], h[1], lgK);
    }

    /** The coupon {@link CpcSketch#update(String)} would collect for {@code value}; -1 for null or empty (never counted). */
    public static int coupon(String value, int lgK, long seed) {
        if (value == null || value.isEmpty()) {
            return -1;
        }
        long[] h = MurmurHash3.hash(value.getBytes(StandardCharsets.UTF_8), seed);
        return coupon(h[0], h[1], lgK);
    }

    private static int coupon(long hash0, long hash1, int lgK) {
        int col = Math.min(63, Long.numberOfLeadingZeros(hash1));
        int row = (int) (hash0 & ((1L << lgK) - 1));
        int rowCol = (row << 6) | col;
        // as the sketch does: the all-ones pair is the hash table's empty slot
        return rowCol == -1 ? rowCol ^ (1 << 6) : rowCol;
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
