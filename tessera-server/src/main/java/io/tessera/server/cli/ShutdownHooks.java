package io.tessera.server.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Shutdown hooks that stop a running command and hold the JVM until it has finished. */
final class ShutdownHooks {

    private ShutdownHooks() {}

    /**
     * Registers a hook that runs {@code stop}, then waits up to {@code timeout} for {@code finished}:
     * the JVM halts once shutdown hooks return.
     */
    static Thread stopThenAwait(
            String threadName, Runnable stop, CountDownLatch finished, long timeout, TimeUnit unit) {
        Thread hook = new Thread(
                () -> {
                    stop.run();
                    try {
                        finished.await(timeout, unit);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                threadName);
        Runtime.getRuntime().addShutdownHook(hook);
        return hook;
    }
}
