/**
 * Servers run as child processes on loopback for benchmarks and differential tests: a real
 * Prometheus ({@link PrometheusProcess}) and {@code tessera serve} ({@link TesseraProcess}), both
 * {@link LoopbackServer}s built on {@link ChildProcess}; with {@link ProcessMemory} for their
 * resident memory and {@link ViewCatchUp} for installing a plan and waiting for its views.
 */
package io.tessera.bench.peer;
