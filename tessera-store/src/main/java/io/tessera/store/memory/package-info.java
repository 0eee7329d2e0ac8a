/** The memory limits the stores enforce on ingest ({@link MemoryLimit}). */
package io.tessera.store.memory;
