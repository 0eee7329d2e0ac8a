package io.tessera.bench.peer;

import java.util.List;

/**
 * The heap and collector a bench gives Tessera's JVM for the data it will hold, by the rule in
 * {@code docs/raw-store.md} ("Sizing the heap"): twice what the raw store and the views hold, plus
 * a fixed part for the server itself, with a collector that gives back what the live data no
 * longer needs.
 */
public final class TesseraHeap {

    /**
     * G1 starting from a small heap, with a periodic collection when the server is idle and the
     * heap shrunk to at most 30% free after each cycle, so that the resident size follows the
     * live data instead of staying at the largest heap the load ever needed.
     */
    public static final List<String> COLLECTOR_OPTIONS = List.of(
            "-XX:+UseG1GC",
            "-Xms64m",
            "-XX:G1PeriodicGCInterval=10000",
            "-XX:MinHeapFreeRatio=10",
            "-XX:MaxHeapFreeRatio=30");

    /**
     * The raw store's estimate per sample at a 1 s scrape of noisy gauges and counters (9.7 measured,
     * chunks, seek indexes and the recent-samples log included), with the bench's views at up to
     * 40% of it on top.
     */
    static final double RAW_AND_VIEW_BYTES_PER_SAMPLE = 10 * 1.4;

    private static final long FIXED_MIB = 256;
    private static final long MIB = 1 << 20;

    private TesseraHeap() {}

    /** The maximum heap, as {@code -Xmx} takes it, for a server that will hold {@code samples} raw samples. */
    public static String forSamples(long samples) {
        return FIXED_MIB + (long) Math.ceil(2 * samples * RAW_AND_VIEW_BYTES_PER_SAMPLE / MIB) + "m";
    }
}
