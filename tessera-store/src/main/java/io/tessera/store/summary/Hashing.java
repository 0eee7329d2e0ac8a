package io.tessera.store.summary;

/** Hash mixing for the open-addressing tables of this package. */
final class Hashing {

    private Hashing() {}

    /** A well-mixed 32-bit hash of one long (the finalizer of MurmurHash3). */
    static int mix(long x) {
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        x *= 0xc4ceb9fe1a85ec53L;
        x ^= x >>> 33;
        return (int) x;
    }

    static int mix(long a, long b) {
        return mix(a * 0x9e3779b97f4a7c15L + b);
    }

    static int tableSizeFor(int entries) {
        int size = 16;
        while (size < entries * 2) {
            size <<= 1;
        }
        return size;
    }
}
