package io.tessera.server.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code tessera demo}: Tessera on its embedded defaults, answering queries over sample data. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Generate sample data, build pane states and answer queries next to the exact values.")
public final class DemoCommand implements Callable<Integer> {

    @Override
    public Integer call() {
        System.out.println("demo: not built yet");
        return 1;
    }
}
