package io.tessera.store.table;

/**
 * An append's rows in time order (stable: rows with equal times keep their order), in the
 * chunk representation: the times, then one array per column, strings as dictionary codes.
 */
record EncodedRows(long[] ts, Object[] columns, int count) {}
