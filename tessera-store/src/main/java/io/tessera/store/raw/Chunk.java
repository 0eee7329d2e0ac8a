package io.tessera.store.raw;

/**
 * An immutable run of XOR-encoded samples. For a closed chunk {@code words} is trimmed and
 * {@code maxTime} exact; for a snapshot of a head chunk {@code words} is the live array, of which
 * only the first {@code count} samples may be decoded, and {@code maxTime} is an upper bound.
 * {@code seek} holds the chunk's {@link SeekIndex} entries (at least those of the first
 * {@code count} samples).
 */
record Chunk(long[] words, int count, long minTime, long maxTime, long[] seek) {

    /** A closed chunk read back from disk; its seek index is rebuilt by decoding it. */
    static Chunk restored(long[] words, int count, long minTime, long maxTime) {
        return new Chunk(words, count, minTime, maxTime, SeekIndex.build(words, count));
    }

    long dataBytes() {
        return 8L * words.length;
    }

    long seekBytes() {
        return 8L * seek.length;
    }
}
