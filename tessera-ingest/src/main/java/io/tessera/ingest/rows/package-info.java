/**
 * Posted rows of SQL tables: {@link RowDecoder} decodes and validates a whole body, in the
 * {@link RowFormat} its Content-Type names ({@link JsonLinesReader}, {@link CsvRowReader}), into
 * {@link DecodedRows} of the table's row schema; a body is refused whole with a
 * {@link RowFormatException}.
 */
package io.tessera.ingest.rows;
