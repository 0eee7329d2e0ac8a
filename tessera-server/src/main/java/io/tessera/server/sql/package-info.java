/**
 * The SQL surfaces over HTTP: {@code /api/v1/sql} ({@link SqlEndpoint}, run by
 * {@link SqlService}), the rows of declared tables ({@link TableRowsEndpoint}), and a
 * ClickHouse-compatible HTTP interface ({@link ClickHouseEndpoint}, {@link ClickHouseFormat},
 * {@link ClickHouseMetadata}) so ClickHouse clients can query Tessera's SQL.
 */
package io.tessera.server.sql;
