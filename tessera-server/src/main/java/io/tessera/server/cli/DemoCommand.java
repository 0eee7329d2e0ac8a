package io.tessera.server.cli;

import io.tessera.core.Durations;
import io.tessera.core.InvalidInputException;
import io.tessera.server.demo.DemoRunner;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code tessera demo}: the server on its embedded defaults, a planned dashboard workload, generated data, answers side by side. */
@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        description = {
            "Start Tessera on its embedded defaults, install a built-in dashboard workload planned by the planner,"
                    + " feed it generated data over remote write and answer the dashboard's queries from views and exactly,"
                    + " side by side. Keeps feeding live data until Ctrl-C or --duration."
        })
public final class DemoCommand implements Callable<Integer> {

    @Option(
            names = "--series",
            defaultValue = "3000",
            description = "About this many series (default ${DEFAULT-VALUE}).")
    int series;

    @Option(
            names = "--history",
            defaultValue = "4h",
            description = "Generated history before now, at least 4h (default ${DEFAULT-VALUE}).")
    String history;

    @Option(names = "--duration", description = "Stop after this long (e.g. 30s); default: run until Ctrl-C.")
    String duration;

    @Option(
            names = "--listen",
            defaultValue = "127.0.0.1:9470",
            description = "Where the server listens (default ${DEFAULT-VALUE}).")
    String listen;

    @Option(names = "--seed", defaultValue = "42", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws Exception {
        long historyMs;
        long durationMs;
        try {
            historyMs = Durations.parseMillis(history);
            durationMs = duration == null ? 0 : Durations.parseMillis(duration);
        } catch (InvalidInputException e) {
            System.err.println("demo: " + e.getMessage());
            return 2;
        }
        if (series < 1 || historyMs < 4 * 3_600_000L || durationMs < 0) {
            System.err.println(
                    "demo: --series must be at least 1, --history at least 4h (the dashboard shows 3 h of 1 h windows)");
            return 2;
        }
        DemoRunner.Options defaults = DemoRunner.Options.DEFAULTS;
        DemoRunner runner = new DemoRunner(
                new DemoRunner.Options(series, historyMs, defaults.intervalMs(), durationMs, listen, seed), System.out);
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook =
                ShutdownHooks.stopThenAwait("tessera-demo-shutdown", runner::stop, finished, 30, TimeUnit.SECONDS);
        try {
            runner.run();
            return 0;
        } catch (UncheckedIOException e) {
            System.err.println("demo: " + e.getMessage()
                    + (listen.endsWith(":9470")
                            ? " (is a Tessera already running? try" + " --listen 127.0.0.1:0)"
                            : ""));
            return 1;
        } finally {
            finished.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook is running and waits for finished
            }
        }
    }
}
