package io.tessera.sketch;

import io.tessera.core.StaleMarker;
import org.apache.datasketches.cpc.CpcCoupons;
import org.apache.datasketches.cpc.CpcSketch;

/**
 * The coupons of a distinct count's CPC sketch, kept so that further values are counted on top of
 * it without a CPC union. A union's result is the OR of its inputs' coupons, estimated (ICON) and
 * bounded from their number alone; a {@link Counter} collects the coupons of its values that the
 * sketch lacks, so its estimate and bound are exactly those of the union of the sketch with a
 * sketch of the counter's values. Immutable and shared; a counter is one use's.
 */
public final class DistinctCoupons {

    private final int lgK;
    private final long count;
    /** The coupons as an open-addressing set (-1 empty) while they are fewer than the matrix's words; else null. */
    private final int[] set;
    /** The bit matrix when the coupons are many; else null. */
    private final long[] matrix;

    private DistinctCoupons(int lgK, long count, int[] set, long[] matrix) {
        this.lgK = lgK;
        this.count = count;
        this.set = set;
        this.matrix = matrix;
    }

    public static DistinctCoupons of(DistinctState state) {
        CpcSketch sketch = state.sketch();
        long count = CpcCoupons.numCoupons(sketch);
        if (count == 0) {
            return new DistinctCoupons(state.lgK(), 0, IntSet.empty(1), null);
        }
        if (count >= 1L << state.lgK()) {
            return new DistinctCoupons(state.lgK(), count, null, CpcCoupons.bitMatrix(sketch));
        }
        int[] set = IntSet.empty(2 * (int) count);
        CpcCoupons.forEach(sketch, c -> IntSet.insert(set, c));
        return new DistinctCoupons(state.lgK(), count, set, null);
    }

    /** The coupons set in {@code matrix} (bit {@code col} of word {@code row}), {@code count} of them; the matrix is the result's. */
    static DistinctCoupons ofMatrix(int lgK, long count, long[] matrix) {
        return new DistinctCoupons(lgK, count, null, matrix);
    }

    public int lgK() {
        return lgK;
    }

    private boolean contains(int coupon) {
        if (matrix != null) {
            return (matrix[coupon >>> 6] & (1L << (coupon & 63))) != 0;
        }
        return IntSet.contains(set, coupon);
    }

    /** A new count of these coupons and whatever is added to it. */
    public Counter counter() {
        return new Counter();
    }

    /** The coupons' count with the values added to it; not for concurrent use. */
    public final class Counter {

        private int[] novel;
        private int size;

        private Counter() {}

        /** Counts a value as {@link DistinctState#update(long, double)} does (stale markers ignored). */
        public void add(double value) {
            if (!StaleMarker.isStale(value)) {
                add(CouponHash.coupon(value, lgK));
            }
        }

        /** Counts a string as {@link DistinctState#update(String)} does. */
        public void add(String value) {
            int coupon = CouponHash.coupon(value, lgK);
            if (coupon != -1) {
                add(coupon);
            }
        }

        private void add(int coupon) {
            if (contains(coupon)) {
                return;
            }
            if (novel == null) {
                novel = IntSet.empty(16);
            } else if (2 * (size + 1) > novel.length) {
                int[] old = novel;
                novel = IntSet.empty(2 * old.length);
                for (int c : old) {
                    if (c != -1) {
                        IntSet.insert(novel, c);
                    }
                }
            }
            if (IntSet.insert(novel, coupon)) {
                size++;
            }
        }

        public long coupons() {
            return count + size;
        }

        public double estimate() {
            return CpcCoupons.iconEstimate(lgK, coupons());
        }

        /** As {@link DistinctState#errorBound()} states a union's: the farther two-standard-deviation bound, relative. */
        public ErrorBound errorBound() {
            double est = estimate();
            if (est == 0) {
                return new ErrorBound(ErrorBound.Kind.RELATIVE_VALUE, 0, DistinctState.CONFIDENCE);
            }
            long c = coupons();
            double upper = CpcCoupons.iconUpperBound(lgK, c, DistinctState.KAPPA);
            double lower = CpcCoupons.iconLowerBound(lgK, c, DistinctState.KAPPA);
            return new ErrorBound(
                    ErrorBound.Kind.RELATIVE_VALUE, Math.max(upper - est, est - lower) / est, DistinctState.CONFIDENCE);
        }
    }

    /** Open addressing over a power-of-two int array, -1 the empty slot (never a coupon). */
    private static final class IntSet {

        private IntSet() {}

        static int[] empty(int atLeast) {
            int[] slots = new int[Integer.highestOneBit(Math.max(4, atLeast - 1)) << 1];
            java.util.Arrays.fill(slots, -1);
            return slots;
        }

        static boolean contains(int[] slots, int key) {
            return slots[slotOf(slots, key)] == key;
        }

        /** Inserts {@code key}; false when it was there. The caller keeps the set at most half full. */
        static boolean insert(int[] slots, int key) {
            int i = slotOf(slots, key);
            if (slots[i] == key) {
                return false;
            }
            slots[i] = key;
            return true;
        }

        /** The slot that holds {@code key}, or else the empty slot where its probe sequence ends. */
        private static int slotOf(int[] slots, int key) {
            int mask = slots.length - 1;
            for (int i = ((key * 0x9E3779B9) >>> Integer.numberOfLeadingZeros(mask)) & mask; ; i = (i + 1) & mask) {
                int s = slots[i];
                if (s == key || s == -1) {
                    return i;
                }
            }
        }
    }
}
