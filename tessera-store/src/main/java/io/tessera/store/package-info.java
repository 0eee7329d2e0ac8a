/**
 * The production data store: {@link StoreDataStore} implements the executor's
 * {@code DataStore} over the raw store (raw reads), the summary store (view reads) and the table
 * store (SQL table rows). The stores themselves live in the sub-packages.
 *
 * <p>Nothing here depends on ingestion or the server.
 */
package io.tessera.store;
