package io.tessera.store.raw;

/**
 * The sample encoding shared by {@link HeadChunk} and {@link XorDecoder}, after Gorilla and
 * Prometheus' XOR chunks.
 *
 * <p>The first sample is its raw 64-bit timestamp and raw 64-bit value. Every later timestamp is
 * written as the delta of its delta (the first delta against 0), in the smallest bucket that
 * holds it: {@code 0} (dod zero), {@code 10}+5 bits (scrape jitter of a few ms), {@code 110}+10,
 * {@code 1110}+20 (the first delta of intervals up to ~8 minutes), or {@code 1111}+64; buckets are two's complement and all arithmetic wraps, so any ascending
 * timestamps round-trip. Every later value is XOR-ed with the previous value's bits: {@code 0}
 * if equal; {@code 10} and the significant bits when they fit the previous leading/trailing
 * zero window; otherwise {@code 11}, 5 bits of leading zeros (at most 31), 6 bits of
 * significant-bit count (64 written as 0) and the significant bits.
 */
final class XorFormat {

    /** The worst case for one sample: a 68-bit timestamp and a 77-bit value. */
    static final int MAX_BITS_PER_SAMPLE = 68 + 77;

    private XorFormat() {}

    static boolean fits(long v, int bits) {
        long half = 1L << (bits - 1);
        return v >= -half && v < half;
    }

    static long signExtend(long v, int bits) {
        return (v << (64 - bits)) >> (64 - bits);
    }
}
