package io.tessera.bench;

/** Stopping the servers a test started beside each other. */
public final class Peers {

    private Peers() {}

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
