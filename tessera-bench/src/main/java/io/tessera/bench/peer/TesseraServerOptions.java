package io.tessera.bench.peer;

import picocli.CommandLine.Option;

/**
 * The options of the Tessera server a bench starts as a child process and loads over remote
 * write: its maximum heap and the number of loading connections. A command mixes them in with
 * its own defaults ({@code @Mixin TesseraServerOptions server = new TesseraServerOptions("8g", 4)}).
 */
public final class TesseraServerOptions {

    @Option(names = "--heap", description = "Maximum heap of Tessera's JVM (default ${DEFAULT-VALUE}).")
    private String heap;

    @Option(names = "--connections", description = "Remote-write connections while loading (default ${DEFAULT-VALUE}).")
    private int connections;

    /** A 6g heap, loaded over 2 connections. */
    public TesseraServerOptions() {
        this("6g", 2);
    }

    public TesseraServerOptions(String heap, int connections) {
        this.heap = heap;
        this.connections = connections;
    }

    /** The maximum heap, as {@code -Xmx} takes it. */
    public String heap() {
        return heap;
    }

    public int connections() {
        return connections;
    }
}
