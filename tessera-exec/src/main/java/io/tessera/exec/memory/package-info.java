/**
 * A {@code DataStore} held in memory ({@link io.tessera.exec.memory.InMemoryDataStore}, with SQL
 * tables in {@link io.tessera.exec.memory.InMemoryTables}): for tests, the PromQL test-script
 * runner and small set-ups. It answers the SPI's contract as the production store does.
 */
package io.tessera.exec.memory;
