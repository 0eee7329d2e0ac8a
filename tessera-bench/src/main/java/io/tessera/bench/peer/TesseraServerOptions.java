package io.tessera.bench.peer;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options of the Tessera server a bench starts as a child process and loads over remote
 * write: its maximum heap, its collector options and the number of loading connections. A command
 * mixes them in with its own defaults ({@code @Mixin TesseraServerOptions server = new
 * TesseraServerOptions("8g", 4)}).
 */
public final class TesseraServerOptions {

    @Option(
            names = "--heap",
            description = "Maximum heap of Tessera's JVM, as -Xmx takes it (default: the bench's own, which its first"
                    + " line prints; accel --mode dashboard sizes it from the dataset).")
    private String heap;

    @Option(
            names = "--jvm-option",
            paramLabel = "OPTION",
            description = "An option for Tessera's JVM in place of the bench's collector options, repeatable"
                    + " (--jvm-option=-XX:+UseG1GC); accel --mode dashboard only.")
    private List<String> jvmOptions = new ArrayList<>();

    @Option(names = "--connections", description = "Remote-write connections while loading (default ${DEFAULT-VALUE}).")
    private int connections;

    private final String defaultHeap;

    /** A 6g heap, loaded over 2 connections. */
    public TesseraServerOptions() {
        this("6g", 2);
    }

    public TesseraServerOptions(String heap, int connections) {
        this.defaultHeap = heap;
        this.connections = connections;
    }

    /** The maximum heap, as {@code -Xmx} takes it: the one given, else the command's default. */
    public String heap() {
        return heap != null ? heap : defaultHeap;
    }

    /** The maximum heap given on the command line, else {@code sized}. */
    public String heapOr(String sized) {
        return heap != null ? heap : sized;
    }

    /** The JVM options given with {@code --jvm-option}, else {@code benchDefaults}. */
    public List<String> jvmOptionsOr(List<String> benchDefaults) {
        return jvmOptions.isEmpty() ? benchDefaults : List.copyOf(jvmOptions);
    }

    public int connections() {
        return connections;
    }
}
