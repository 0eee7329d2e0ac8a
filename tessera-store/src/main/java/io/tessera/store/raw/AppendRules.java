package io.tessera.store.raw;

/** How a store takes samples in: where its chunks are cut, and how far behind a series' newest sample it accepts one. */
record AppendRules(ChunkPolicy chunks, long outOfOrderWindowMillis) {}
