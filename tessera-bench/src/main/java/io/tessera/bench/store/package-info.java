/**
 * {@code tessera bench store} ({@link StoreBenchCommand}): JMH benchmarks of the summary store,
 * committing panes ({@link InsertBenchmark}) and reading exact windows
 * ({@link ExactReadBenchmark}) over a day of panes ({@link DayOfPanes}) of a minimal
 * {@link BenchSumState}.
 */
package io.tessera.bench.store;
