package io.tessera.sketch;

import java.nio.charset.StandardCharsets;
import org.apache.datasketches.common.Util;
import org.apache.datasketches.hash.MurmurHash3;

/**
 * The coupon ({@code row << 6 | col}) a CPC sketch of the default seed collects for a value, as
 * {@code CpcSketch.update} computes it: the value's 128-bit MurmurHash3, its first half's low
 * {@code lgK} bits the row, the second half's leading zeros the column.
 */
final class CouponHash {

    /** The seed every {@link DistinctState} hashes with. */
    static final long SEED = Util.DEFAULT_UPDATE_SEED;

    private CouponHash() {}

    /** The coupon {@code CpcSketch.update(double)} would collect for {@code value}. */
    static int coupon(double value, int lgK) {
        double d = value == 0.0 ? 0.0 : value;
        long[] h = MurmurHash3.hash(new long[] {Double.doubleToLongBits(d)}, SEED);
        return coupon(h[0], h[1], lgK);
    }

    /** The coupon {@code CpcSketch.update(String)} would collect for {@code value}; -1 for null or empty (never counted). */
    static int coupon(String value, int lgK) {
        if (value == null || value.isEmpty()) {
            return -1;
        }
        long[] h = MurmurHash3.hash(value.getBytes(StandardCharsets.UTF_8), SEED);
        return coupon(h[0], h[1], lgK);
    }

    private static int coupon(long hash0, long hash1, int lgK) {
        int col = Math.min(63, Long.numberOfLeadingZeros(hash1));
        int row = (int) (hash0 & ((1L << lgK) - 1));
        int rowCol = (row << 6) | col;
        // as the sketch does: the all-ones pair is the hash table's empty slot
        return rowCol == -1 ? rowCol ^ (1 << 6) : rowCol;
    }
}
