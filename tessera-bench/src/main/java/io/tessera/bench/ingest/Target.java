package io.tessera.bench.ingest;

/**
 * A server under load: its remote-write and metrics URLs and its process.
 *
 * @param samplesMetric the metric of its own that counts stored samples
 */
record Target(String name, String writeUrl, String metricsUrl, String samplesMetric, long pid, AutoCloseable process) {}
