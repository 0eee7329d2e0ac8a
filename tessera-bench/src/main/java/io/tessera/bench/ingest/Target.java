package io.tessera.bench.ingest;

import io.tessera.bench.peer.LoopbackServer;

/**
 * A server under load: its remote-write and metrics URLs and its process.
 *
 * @param samplesMetric the metric of its own that counts stored samples
 */
record Target(String name, String writeUrl, String metricsUrl, String samplesMetric, long pid, AutoCloseable process) {

    /** A server started on loopback, loaded at its remote-write URL, its metrics at {@code /metrics}. */
    static Target of(String name, LoopbackServer server, String samplesMetric) {
        return new Target(
                name, server.remoteWriteUrl(), server.baseUrl() + "/metrics", samplesMetric, server.pid(), server);
    }
}
