package io.tessera.server.accel;

import java.util.Random;

/**
 * Evaluation times for the fuzzer: on the pane grid, a millisecond off it, anywhere (mostly in the
 * last 80 minutes, which the views of every plan keep), at "now" (the newest sample) and around it,
 * older than the views keep or than the raw data, and in the future; range queries whose steps are
 * not multiples of the pane.
 *
 * @param dataStart data spans {@code (dataStart, now]}
 * @param now the newest sample's time
 */
record FuzzTimes(Random random, long dataStart, long now) {

    private static final long MINUTE = 60_000;
    private static final long[] STEPS = {15_000, 60_000, 50_000, 17_000, 90_000, 7_000, 61_001};
    private static final long[] LENGTHS = {10 * MINUTE, 30 * MINUTE, 60 * MINUTE};

    /** An instant and what kind of instant it is, for the report. */
    record Instant(long t, String kind) {}

    /** A range query's grid and what kind it is. */
    record Range(long start, long end, long step, String kind) {}

    Instant instant() {
        long from = Math.max(dataStart + 35 * MINUTE, now - 80 * MINUTE);
        long inData = from + (long) (random.nextDouble() * (now - from));
        long grid = Math.floorDiv(inData, MINUTE) * MINUTE;
        return switch (random.nextInt(22)) {
            case 0, 1, 2, 3 -> new Instant(grid, "grid");
            case 4 -> new Instant(Math.floorDiv(inData, 5 * MINUTE) * 5 * MINUTE, "grid");
            case 5, 6, 7 -> new Instant(grid + 1, "grid+1ms");
            case 8, 9, 10 -> new Instant(grid - 1, "grid-1ms");
            case 11, 12, 13, 14 -> new Instant(inData, "off-grid");
            case 15 -> new Instant(now, "now");
            case 16, 17 ->
                new Instant(now + (random.nextBoolean() ? 1 : -1) * (1 + random.nextInt(17_000)), "near-now");
            case 18 -> new Instant(dataStart + 3 * MINUTE + random.nextInt(20 * 60_000), "beyond-view-retention");
            case 19 -> new Instant(dataStart - 2 * 24 * 60 * MINUTE, "before-raw-data");
            case 20 -> new Instant(now + 10 * MINUTE + random.nextInt(1000), "future");
            default -> new Instant(now + 3 * 60 * MINUTE, "far-future");
        };
    }

    Range range() {
        long step = STEPS[random.nextInt(STEPS.length)];
        long length = LENGTHS[random.nextInt(LENGTHS.length)];
        long from = Math.max(dataStart + 70 * MINUTE, now - 30 * MINUTE);
        long inData = from + (long) (random.nextDouble() * (now - from));
        return switch (random.nextInt(5)) {
            case 0 -> new Range(now - length, now, step, "range-to-now");
            case 1 -> {
                long end = Math.floorDiv(inData, step) * step;
                yield new Range(end - length, end, step, "range-aligned");
            }
            case 2 -> new Range(inData - length + 1, inData, step, "range-off-grid");
            case 3 -> new Range(now - length + 5 * MINUTE, now + 5 * MINUTE, step, "range-into-future");
            default -> {
                long end = Math.floorDiv(inData, MINUTE) * MINUTE;
                yield new Range(end - length, end, 60_000, "range-on-pane-grid");
            }
        };
    }
}
