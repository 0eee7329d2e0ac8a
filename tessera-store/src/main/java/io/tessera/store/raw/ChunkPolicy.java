package io.tessera.store.raw;

/** When a head chunk is cut: at a sample count, or when it would span the maximum duration. */
record ChunkPolicy(int samplesPerChunk, long maxChunkDurationMillis) {

    boolean shouldCut(HeadChunk head, long time) {
        return head.count() >= samplesPerChunk
                || Long.compareUnsigned(time - head.minTime(), maxChunkDurationMillis) >= 0;
    }
}
