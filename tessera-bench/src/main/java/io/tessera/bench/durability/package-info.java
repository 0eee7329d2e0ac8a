/**
 * Durability benchmarks: {@link DurabilityBench} measures ingest throughput with the write-ahead
 * log off and on, and recovery time; {@link ViewRecoveryBench} measures start-up recovery of a
 * server with an installed plan until every view has caught up.
 */
package io.tessera.bench.durability;
