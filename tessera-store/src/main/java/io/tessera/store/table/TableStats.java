package io.tessera.store.table;

/** A point-in-time summary of one table: its rows, chunks, distinct strings and estimated memory. */
public record TableStats(String table, long rows, int chunks, long dictionaryStrings, long memoryBytes) {}
