/**
 * The rows of declared SQL tables: {@link TableStore} keeps, per table ({@link TableData}),
 * append-only columnar {@link TableChunk}s sorted by time, with strings dictionary-encoded
 * ({@link StringDictionary}), a shared memory limit ({@link io.tessera.store.memory.MemoryLimit}) and retention
 * ({@link TableStoreConfig}). Appends are refused whole ({@link RowRejectedException},
 * {@link UnknownTableException}).
 */
package io.tessera.store.table;
