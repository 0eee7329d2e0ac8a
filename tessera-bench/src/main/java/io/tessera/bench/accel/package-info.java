/**
 * Benchmarks of view-backed queries: {@link AccelBenchCommand} ({@code tessera bench accel})
 * compares Tessera with and without views against Prometheus on an {@link AccelDataset} using the
 * plans of {@link AccelPlan}; {@link AccelProbeCommand} measures the accelerated side alone, and
 * {@link IngestWithViewsCommand} measures remote-write throughput with views maintained.
 */
package io.tessera.bench.accel;
