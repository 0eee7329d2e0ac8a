/**
 * {@code tessera bench promql} ({@link PromqlBenchCommand}): a generated dataset
 * ({@link DatasetShape}, {@link InstanceSeries}) loaded by {@link DatasetLoader} into Tessera and
 * Prometheus, dashboard-style queries asked of both through {@link QueryApi}, and their answers
 * compared ({@link AnswerComparison}) and timed ({@link Latencies}).
 */
package io.tessera.bench.promql;
