package io.tessera.plan;

/**
 * Adds the column {@code output}: the start of the bucket of width {@code widthMs} (buckets start
 * at {@code originMs} plus a multiple of the width) that holds {@code timeColumn}.
 */
public record TimeBucket(int input, String timeColumn, long widthMs, long originMs, String output) implements SqlNode {

    public TimeBucket {
        if (widthMs <= 0) {
            throw new IllegalArgumentException("a time bucket must be positive, got " + widthMs + " ms");
        }
    }
}
