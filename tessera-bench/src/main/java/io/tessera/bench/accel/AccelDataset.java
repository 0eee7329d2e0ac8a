package io.tessera.bench.accel;

import io.tessera.bench.load.TimeOrderedDataset;
import io.tessera.ingest.WriteBatchBuilder;
import java.util.SplittableRandom;

/**
 * One accelerated-query dataset: {@code series} series of a gauge {@code x} and as many of a
 * counter {@code c}, each scraped every {@code intervalMs} over {@code scrapes} scrapes from
 * {@code startMs}. Series {@code s} has labels {@code job="j<s % JOBS>", instance="i<s>"} and a
 * fixed scrape offset in {@code [1 ms, interval)}, so no sample lies on a pane edge. Values follow
 * from the seed: x is log-normal, c grows with a jitter that makes it drop often (see {@link #counterAt}).
 */
record AccelDataset(String name, int series, long intervalMs, int scrapes, long startMs, long seed)
        implements TimeOrderedDataset {

    static final int JOBS = 10;
    private static final long SEED = 20_260_611L;
    private static final long HOUR = 3_600_000;

    /** Dataset (a): {@code series} series of each metric at a 10 s scrape over 2 h. */
    static AccelDataset a(int series, long startMs) {
        return new AccelDataset("a", series, 10_000, 720, startMs, SEED);
    }

    /** Dataset (b): {@code series} series of each metric at a 1 s scrape over 2 h. */
    static AccelDataset b(int series, long startMs) {
        return new AccelDataset("b", series, 1_000, 7_200, startMs, SEED + 1);
    }

    /** A whole hour at which 2 h of data end between 10 and 70 minutes ago, inside every server's default retention. */
    static long startNow() {
        return Math.floorDiv(System.currentTimeMillis() - 2 * HOUR - 10 * 60_000, HOUR) * HOUR;
    }

    @Override
    public int indexes() {
        return series;
    }

    @Override
    public int seriesPerIndex() {
        return 2;
    }

    /**
     * A series' phase in the scrape interval: an even number of milliseconds, never a whole
     * second. The bench's windows start on whole seconds (the minute, 15 s steps, 5 m and 1 h
     * ranges) or an odd number of milliseconds off them, so no sample sits exactly on a window's
     * start, where Prometheus 2 (closed windows) and Prometheus 3 and Tessera (left-open windows)
     * would disagree by design.
     */
    long offsetOf(int s) {
        long offset = 2 * (1 + new SplittableRandom(seed * 31 + s).nextLong(intervalMs / 2 - 1));
        return offset % 1000 == 0 ? offset + 2 : offset;
    }

    /** Appends scrapes {@code [from, to)} of series {@code [first, last)} of both metrics. */
    @Override
    public int append(int first, int last, int from, int to, WriteBatchBuilder batch) {
        int n = 0;
        for (int s = first; s < last; s++) {
            long offset = offsetOf(s);
            SplittableRandom gauge = new SplittableRandom(seed ^ (s * 0x9E3779B97F4A7C15L) ^ from);
            for (int k = from; k < to; k++) {
                batch.addSample(
                        startMs + k * intervalMs + offset, Math.exp(gauge.nextDouble() * 2 - 1 + gauge.nextDouble()));
            }
            batch.endSeries(
                    new String[] {"__name__", "job", "instance"}, new String[] {"x", "j" + s % JOBS, "i" + s}, 3);
            for (int k = from; k < to; k++) {
                batch.addSample(startMs + k * intervalMs + offset, counterAt(s, k));
            }
            batch.endSeries(
                    new String[] {"__name__", "job", "instance"}, new String[] {"c", "j" + s % JOBS, "i" + s}, 3);
            n += 2 * (to - from);
        }
        return n;
    }

    /**
     * The counter of series {@code s} at scrape {@code k}: 4.5 a scrape plus a jitter of 0..7 that
     * is not carried over, so it drops at about one scrape in eleven (a reset to Prometheus'
     * {@code rate}, a hard case for every reset correction), and restarts from 0 every 2,000 scrapes.
     */
    double counterAt(int s, int k) {
        int phase = (s * 137) % 2_000;
        int since = (k + phase) % 2_000;
        long h = mix(seed + s);
        return since * 4.5 + (mix(h + k) & 7);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (z ^ (z >>> 31)) >>> 1;
    }
}
