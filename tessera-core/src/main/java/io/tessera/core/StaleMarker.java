package io.tessera.core;

/**
 * Prometheus' stale marker: a NaN with one exact bit pattern, written when a series
 * disappears. It is never an ordinary sample; an ordinary NaN value is a different bit pattern.
 */
public final class StaleMarker {

    public static final long BITS = 0x7ff0000000000002L;
    public static final double VALUE = Double.longBitsToDouble(BITS);

    private StaleMarker() {}

    public static boolean isStale(double value) {
        return Double.doubleToRawLongBits(value) == BITS;
    }
}
