package io.tessera.bench.ingest;

import io.tessera.core.StaleMarker;
import java.util.Arrays;

/** The samples of one series in time order, as two parallel arrays. */
record SeriesSamples(long[] timestamps, double[] values) {

    SeriesSamples {
        if (timestamps.length != values.length) {
            throw new IllegalArgumentException(timestamps.length + " timestamps but " + values.length + " values");
        }
    }

    int size() {
        return timestamps.length;
    }

    long lastTimestamp() {
        return timestamps.length == 0 ? Long.MIN_VALUE : timestamps[timestamps.length - 1];
    }

    /**
     * The index of the first sample that differs from {@code other}, or -1 when both hold the
     * same samples. Values compare by their bits; a NaN from a source that cannot carry a NaN's
     * bits ({@code nanBitsKnown} false on this side) matches any non-stale NaN.
     */
    int firstDifference(SeriesSamples other, boolean nanBitsKnown) {
        int n = Math.min(size(), other.size());
        for (int i = 0; i < n; i++) {
            if (timestamps[i] != other.timestamps[i] || !sameValue(values[i], other.values[i], nanBitsKnown)) {
                return i;
            }
        }
        return size() == other.size() ? -1 : n;
    }

    private static boolean sameValue(double mine, double theirs, boolean nanBitsKnown) {
        if (!nanBitsKnown && Double.isNaN(mine)) {
            return Double.isNaN(theirs) && Double.doubleToRawLongBits(theirs) != StaleMarker.BITS;
        }
        return Double.doubleToRawLongBits(mine) == Double.doubleToRawLongBits(theirs);
    }

    String describe(int i) {
        if (i >= size()) {
            return "(none)";
        }
        return timestamps[i] + " " + values[i] + " (bits " + Long.toHexString(Double.doubleToRawLongBits(values[i]))
                + ")";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SeriesSamples s
                && Arrays.equals(timestamps, s.timestamps)
                && Arrays.equals(values, s.values);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(timestamps) + Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return size() + " samples";
    }
}
