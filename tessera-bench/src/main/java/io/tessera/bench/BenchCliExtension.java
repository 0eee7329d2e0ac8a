package io.tessera.bench;

import io.tessera.server.cli.CliExtension;
import picocli.CommandLine;

/** Registers {@code tessera bench} on the command line. */
public final class BenchCliExtension implements CliExtension {

    @Override
    public void register(CommandLine root) {
        root.addSubcommand(new CommandLine(new BenchCommand()));
    }
}
