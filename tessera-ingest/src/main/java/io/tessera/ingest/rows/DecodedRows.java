package io.tessera.ingest.rows;

import io.tessera.core.Batch;

/**
 * Posted rows, validated: a batch of exactly the table's row schema and, per row, the body line
 * it started on (so that a row the store refuses can still be reported by line).
 */
public record DecodedRows(Batch rows, int[] lines) {

    public int count() {
        return rows.rowCount();
    }
}
