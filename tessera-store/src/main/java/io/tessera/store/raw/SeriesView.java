package io.tessera.store.raw;

/**
 * What readers of one series see: its closed chunks, oldest first, and its head chunk, all
 * time-disjoint and ascending. Replaced as a whole (copy on write) whenever the chunk list
 * changes; appends to the head do not replace it.
 */
record SeriesView(Chunk[] closed, HeadChunk head) {
}
