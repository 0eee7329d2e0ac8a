package io.tessera.server.cli;

import io.tessera.promqltest.PromqlTestFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code tessera promqltest FILE…}: Prometheus' PromQL test scripts against Tessera's engine. */
@Command(
        name = "promqltest",
        mixinStandardHelpOptions = true,
        description = "Run PromQL test scripts (Prometheus' test format) against Tessera's engine.")
public final class PromqlTestCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Test scripts (*.test).")
    List<Path> files;

    @Option(names = "--no-range-mode", description = "Do not re-check instant evals as range queries.")
    boolean noRangeMode;

    @Option(
            names = {"-v", "--verbose"},
            description = "Also print the skipped evals and why.")
    boolean verbose;

    @Override
    public Integer call() {
        for (Path file : files) {
            if (!Files.isRegularFile(file)) {
                System.err.println("promqltest: no such file: " + file);
                return 2;
            }
        }
        PromqlTestFiles.Summary summary = PromqlTestFiles.run(files, !noRangeMode, verbose, System.out);
        return summary.failed() == 0 ? 0 : 1;
    }
}
