package io.tessera.store.raw;

import java.util.SplittableRandom;

/**
 * Synthetic Prometheus scrape data: a sample every 10 s, values of one of six kinds. Timestamps
 * are on the scrape grid except for a chosen fraction that is off by a few milliseconds.
 */
final class ScrapeData {

    static final long INTERVAL = 10_000;

    /** Series kinds and the share of series each has in {@link #kindOf}'s mix. */
    enum Kind {
        /** up, *_info, limits and config gauges */
        CONSTANT(20),
        /** histogram buckets and error counters: mostly unchanged, small integer increments */
        QUIET_COUNTER(40),
        /** request counters with tens to hundreds of increments per scrape */
        BUSY_COUNTER(10),
        /** cpu-seconds style counters in hundredths */
        FLOAT_COUNTER(10),
        /** memory, goroutine and queue gauges: integer random walks */
        INTEGER_GAUGE(15),
        /** load averages, ratios, temperatures */
        FLOAT_GAUGE(5);

        final int percent;

        Kind(int percent) {
            this.percent = percent;
        }
    }

    private ScrapeData() {}

    static Kind kindOf(int series) {
        int p = Math.floorMod(series * 37, 100);
        for (Kind k : Kind.values()) {
            if (p < k.percent) {
                return k;
            }
            p -= k.percent;
        }
        throw new AssertionError();
    }

    /**
     * Fills the timestamps of {@code n} scrapes from {@code start}: {@code offPercent} of them are
     * off the grid by 1 to {@code maxOffMillis} ms either way, the rest exactly on it.
     */
    static void times(SplittableRandom random, long start, int n, int offPercent, int maxOffMillis, long[] out) {
        for (int i = 0; i < n; i++) {
            long off = random.nextInt(100) < offPercent
                    ? random.nextInt(1, maxOffMillis + 1) * (random.nextBoolean() ? 1 : -1)
                    : 0;
            out[i] = start + i * INTERVAL + off;
        }
    }

    /** A generator of one series' values. */
    static final class Values {

        private final Kind kind;
        private final SplittableRandom random;
        private double value;
        private long ticks;

        Values(Kind kind, SplittableRandom random) {
            this.kind = kind;
            this.random = random;
            this.value = switch (kind) {
                case CONSTANT -> random.nextBoolean() ? 1 : random.nextInt(1, 1 << 20);
                case QUIET_COUNTER -> random.nextInt(10_000);
                case BUSY_COUNTER -> random.nextLong(1_000_000, 100_000_000L);
                case FLOAT_COUNTER -> 0;
                case INTEGER_GAUGE ->
                    random.nextBoolean() ? 4096.0 * random.nextInt(10_000, 1_000_000) : random.nextInt(10, 500);
                case FLOAT_GAUGE -> random.nextInt(0, 400) / 100.0;
            };
            this.ticks = random.nextLong(10_000, 10_000_000);
        }

        double next() {
            switch (kind) {
                case CONSTANT -> {}
                case QUIET_COUNTER -> {
                    if (random.nextInt(10) >= 6) {
                        value += random.nextInt(1, 6);
                    }
                }
                case BUSY_COUNTER -> value += random.nextInt(50, 500);
                case FLOAT_COUNTER -> {
                    ticks += random.nextInt(0, 50);
                    value = ticks / 100.0;
                }
                case INTEGER_GAUGE -> {
                    if (random.nextBoolean()) {
                        value += value > 1_000_000 ? 4096.0 * random.nextInt(-20, 21) : random.nextInt(-3, 4);
                    }
                }
                case FLOAT_GAUGE ->
                    value = Math.max(0, Math.round((value + random.nextInt(-5, 6) / 100.0) * 100) / 100.0);
            }
            return value;
        }
    }
}
