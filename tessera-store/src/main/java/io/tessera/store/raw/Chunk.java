package io.tessera.store.raw;

/**
 * An immutable run of XOR-encoded samples. For a closed chunk {@code words} is trimmed and
 * {@code maxTime} exact; for a snapshot of a head chunk {@code words} is the live array, of which
 * only the first {@code count} samples may be decoded, and {@code maxTime} is an upper bound.
 */
record Chunk(long[] words, int count, long minTime, long maxTime) {

    long dataBytes() {
        return 8L * words.length;
    }
}
