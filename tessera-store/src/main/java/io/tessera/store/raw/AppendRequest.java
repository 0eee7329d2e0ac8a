package io.tessera.store.raw;

import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import java.util.Arrays;

/**
 * One write request, applied atomically: series {@code i} owns samples
 * {@code [sampleOffsets[i], sampleOffsets[i + 1])} of {@code timestamps} and {@code values}.
 * The arrays are not copied; the caller must not change them once the request is built.
 * Equality is identity, as for any record of arrays.
 */
public record AppendRequest(Labels[] series, int[] sampleOffsets, long[] timestamps, double[] values) {

    public AppendRequest {
        if (series == null || sampleOffsets == null || timestamps == null || values == null) {
            throw new InvalidInputException("append request arrays must not be null");
        }
        if (sampleOffsets.length != series.length + 1) {
            throw new InvalidInputException("append request has " + series.length + " series but "
                    + sampleOffsets.length + " sample offsets; expected " + (series.length + 1));
        }
        if (timestamps.length != values.length) {
            throw new InvalidInputException(
                    "append request has " + timestamps.length + " timestamps but " + values.length + " values");
        }
        if (sampleOffsets[0] != 0 || sampleOffsets[series.length] != timestamps.length) {
            throw new InvalidInputException("append request offsets must run from 0 to " + timestamps.length + ", got "
                    + sampleOffsets[0] + " to " + sampleOffsets[series.length]);
        }
        for (int i = 0; i < series.length; i++) {
            if (sampleOffsets[i + 1] < sampleOffsets[i]) {
                throw new InvalidInputException("append request offsets decrease at series " + i);
            }
            if (series[i] == null || series[i].size() == 0) {
                throw new InvalidInputException("append request series " + i + " has no labels");
            }
        }
    }

    public int seriesCount() {
        return series.length;
    }

    public int sampleCount() {
        return timestamps.length;
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public String toString() {
        return "AppendRequest[" + series.length + " series, " + timestamps.length + " samples]";
    }

    /** Collects series and samples in order; samples belong to the series added last. */
    public static final class Builder {

        private Labels[] series = new Labels[8];
        private int[] offsets = new int[9];
        private long[] timestamps = new long[16];
        private double[] values = new double[16];
        private int seriesCount;
        private int sampleCount;

        private Builder() {}

        public Builder series(Labels labels) {
            if (seriesCount == series.length) {
                series = Arrays.copyOf(series, seriesCount * 2);
                offsets = Arrays.copyOf(offsets, seriesCount * 2 + 1);
            }
            series[seriesCount++] = labels;
            offsets[seriesCount] = sampleCount;
            return this;
        }

        public Builder sample(long timestamp, double value) {
            if (seriesCount == 0) {
                throw new InvalidInputException("add a series before its samples");
            }
            if (sampleCount == timestamps.length) {
                timestamps = Arrays.copyOf(timestamps, sampleCount * 2);
                values = Arrays.copyOf(values, sampleCount * 2);
            }
            timestamps[sampleCount] = timestamp;
            values[sampleCount++] = value;
            offsets[seriesCount] = sampleCount;
            return this;
        }

        public AppendRequest build() {
            return new AppendRequest(
                    Arrays.copyOf(series, seriesCount),
                    Arrays.copyOf(offsets, seriesCount + 1),
                    Arrays.copyOf(timestamps, sampleCount),
                    Arrays.copyOf(values, sampleCount));
        }
    }
}
