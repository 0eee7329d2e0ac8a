package io.tessera.bench.peer;

import java.time.Duration;

/** A server run as a child process on a loopback port, with the accessors every peer shares. */
public abstract class LoopbackServer implements AutoCloseable {

    /** How long a bench waits for a server it starts to answer its readiness URL. */
    static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    private final ChildProcess child;
    private final int port;

    LoopbackServer(ChildProcess child, int port) {
        this.child = child;
        this.port = port;
    }

    public int port() {
        return port;
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    public String remoteWriteUrl() {
        return baseUrl() + "/api/v1/write";
    }

    public long pid() {
        return child.pid();
    }

    public boolean isAlive() {
        return child.isAlive();
    }

    public String log() {
        return child.log();
    }

    @Override
    public void close() {
        child.close();
    }
}
