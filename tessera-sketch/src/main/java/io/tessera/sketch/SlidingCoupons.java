package io.tessera.sketch;

import org.apache.datasketches.cpc.CpcCoupons;

/**
 * The coupons of a range of distinct-count states that slides: states enter and leave it, and it
 * answers as the CPC union of the states in it would, without a union. It counts, for each coupon,
 * the states in the range that hold it, and keeps the bit matrix of the coupons held at all; a
 * union's result is the OR of its inputs' coupons, so {@link #coupons()} gives the union's very
 * estimate and bound. Entering and leaving cost the state's coupons; a snapshot copies the matrix.
 * Not for concurrent use.
 */
public final class SlidingCoupons {

    private static final int EMPTY = -1;

    private final int lgK;
    private final long[] matrix;
    private int[] keys;
    private int[] counts;
    /** Slots holding a key, counted or not (a coupon whose count fell to zero keeps its slot until a rehash). */
    private int used;

    private long distinct;
    private int states;

    /** An empty range of states of {@code lgK}. */
    public SlidingCoupons(int lgK) {
        this.lgK = lgK;
        this.matrix = new long[1 << lgK];
        this.keys = new int[64];
        this.counts = new int[64];
        java.util.Arrays.fill(keys, EMPTY);
    }

    /** The bytes a range of {@code lgK} keeps at least (its bit matrix). */
    public static long matrixBytes(int lgK) {
        return 8L << lgK;
    }

    /** The state enters the range. */
    public void enter(DistinctState state) {
        check(state);
        states++;
        CpcCoupons.forEach(state.sketch(), this::increment);
    }

    /** The state, which entered before, leaves the range. */
    public void leave(DistinctState state) {
        check(state);
        states--;
        CpcCoupons.forEach(state.sketch(), this::decrement);
    }

    /** How many states are in the range. */
    public int states() {
        return states;
    }

    /** The number of coupons the range's states hold: the union's. */
    public long coupons() {
        return distinct;
    }

    /** The range's coupons now, as a union of its states would give them, to count further values on. */
    public DistinctCoupons snapshot() {
        return DistinctCoupons.ofMatrix(lgK, distinct, matrix.clone());
    }

    private void check(DistinctState state) {
        if (state.lgK() != lgK) {
            throw new IllegalArgumentException("a state of lgK " + state.lgK() + " cannot enter a range of lgK " + lgK);
        }
    }

    private void increment(int coupon) {
        int slot = slot(coupon);
        if (keys[slot] == EMPTY) {
            keys[slot] = coupon;
            used++;
        }
        if (counts[slot]++ == 0) {
            matrix[coupon >>> 6] |= 1L << (coupon & 63);
            distinct++;
        }
        if (2 * used > keys.length) {
            rehash();
        }
    }

    private void decrement(int coupon) {
        int slot = slot(coupon);
        if (keys[slot] == EMPTY || counts[slot] == 0) {
            throw new IllegalStateException("coupon " + coupon + " leaves a range that does not hold it");
        }
        if (--counts[slot] == 0) {
            matrix[coupon >>> 6] &= ~(1L << (coupon & 63));
            distinct--;
        }
    }

    /** The slot of {@code coupon}: where it is, or the empty slot it would take. */
    private int slot(int coupon) {
        int mask = keys.length - 1;
        for (int i = ((coupon * 0x9E3779B9) >>> Integer.numberOfLeadingZeros(mask)) & mask; ; i = (i + 1) & mask) {
            if (keys[i] == coupon || keys[i] == EMPTY) {
                return i;
            }
        }
    }

    /** Drops the coupons no state holds any longer, and grows the table to keep it at most a quarter full. */
    private void rehash() {
        int[] oldKeys = keys;
        int[] oldCounts = counts;
        int live = 0;
        for (int c : oldCounts) {
            live += c > 0 ? 1 : 0;
        }
        int size = Integer.highestOneBit(Math.max(64, 4 * live - 1)) << 1;
        keys = new int[size];
        counts = new int[size];
        java.util.Arrays.fill(keys, EMPTY);
        used = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY && oldCounts[i] > 0) {
                int slot = slot(oldKeys[i]);
                keys[slot] = oldKeys[i];
                counts[slot] = oldCounts[i];
                used++;
            }
        }
    }
}
