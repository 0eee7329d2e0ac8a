package io.tessera.bench;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tessera.bench.peer.PrometheusProcess;

/** Starting conditions and stopping of the servers a test runs beside each other. */
public final class Peers {

    private Peers() {}

    /** Skips the test, saying what is skipped and how to install Prometheus, when no Prometheus binary is found. */
    public static void assumePrometheusInstalled(String skipped) {
        assumeTrue(
                PrometheusProcess.findBinary() != null, "skipping " + skipped + ": " + PrometheusProcess.installHint());
    }

    /**
     * Closes each server that was started (not null), in order, each even when closing one
     * before it failed; the first failure is thrown, with the later ones suppressed in it.
     */
    public static void closeInOrder(AutoCloseable... servers) throws Exception {
        Exception failure = null;
        for (AutoCloseable server : servers) {
            if (server == null) {
                continue;
            }
            try {
                server.close();
            } catch (Exception e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
