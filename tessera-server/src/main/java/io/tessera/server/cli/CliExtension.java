package io.tessera.server.cli;

import picocli.CommandLine;

/**
 * Adds subcommands to the {@code tessera} command line from a module further down the layer
 * list (the benchmarks, for instance), found with {@link java.util.ServiceLoader}.
 */
public interface CliExtension {

    void register(CommandLine root);
}
