package io.tessera.store.raw;

import io.tessera.core.Labels;

/**
 * How the store estimates its memory: chunk arrays at their allocated size, a fixed overhead per
 * chunk, and per series its labels, map entries, postings and bookkeeping. Deliberately simple
 * and slightly pessimistic; it is compared with the configured limit, not with the heap.
 */
final class MemoryModel {

    static final long CHUNK_OVERHEAD = 64;
    static final long SERIES_BASE = 256;
    static final long PER_LABEL = 112;

    /**
     * Reserved per accepted sample before a request is applied: the worst-case encoding, doubled
     * for head-array growth, plus a new chunk (a time-based cut can open one per sample). A
     * request also reserves, per existing series, its head's used bytes: a head's capacity is at
     * most twice its use, so its growth is at most that plus twice what is written (seek entries
     * included, at most one per sample).
     */
    static final long SAMPLE_BOUND =
            2L * ((XorFormat.MAX_BITS_PER_SAMPLE + 7) / 8) + CHUNK_OVERHEAD + 16 + 2L * SeekIndex.ENTRY_BYTES;

    private MemoryModel() {}

    static long seriesOverhead(Labels labels) {
        long bytes = SERIES_BASE;
        for (int i = 0; i < labels.size(); i++) {
            bytes += PER_LABEL + labels.name(i).length() + labels.value(i).length();
        }
        return bytes;
    }
}
