/**
 * One running Tessera: {@link TesseraServer} wires the stores, ingestion, view maintenance and
 * the HTTP port from a configuration, starts them and runs housekeeping; {@link SqlViewWiring}
 * connects the SQL views of an installed plan to the server. Each concern is in a sub-package.
 */
package io.tessera.server;
