package io.tessera.server.cli;

import io.tessera.server.demo.DemoRunner;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code tessera demo}: Tessera on its embedded defaults, answering queries over generated data. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Generate sample data, build pane states and answer windowed queries next to the exact values.")
public final class DemoCommand implements Callable<Integer> {

    @Option(names = "--series", defaultValue = "2000", description = "Number of series per metric (default ${DEFAULT-VALUE}).")
    int series;

    @Option(names = "--hours", defaultValue = "6", description = "Hours of data to generate (default ${DEFAULT-VALUE}).")
    int hours;

    @Option(names = "--seed", defaultValue = "42", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() {
        if (series < 1 || hours < 2) {
            System.err.println("demo: --series must be at least 1 and --hours at least 2");
            return 2;
        }
        DemoRunner.Options defaults = DemoRunner.Options.DEFAULTS;
        new DemoRunner(new DemoRunner.Options(series, hours * 3_600_000L, defaults.scrapeIntervalMs(),
                defaults.paneMs(), defaults.windowMs(), seed), System.out).run();
        return 0;
    }
}
