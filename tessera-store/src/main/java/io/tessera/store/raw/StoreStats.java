package io.tessera.store.raw;

/**
 * A point-in-time summary of a raw store. {@code chunkBytes} counts encoded sample data (closed
 * chunks plus the used part of head chunks); {@code memoryBytes} is the estimate that the memory
 * limit is checked against. Under concurrent writes the totals are each current but not taken
 * at one instant.
 */
public record StoreStats(long seriesCount, long sampleCount, long chunkCount, long chunkBytes, long memoryBytes) {

    public double bytesPerSample() {
        return sampleCount == 0 ? 0 : (double) chunkBytes / sampleCount;
    }
}
