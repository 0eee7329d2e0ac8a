/**
 * The {@code tessera} command line: {@link TesseraCli} and its subcommands ({@link ServeCommand},
 * {@link PlanCommand}, {@link DemoCommand}, {@link PromqlTestCommand}). {@link CliExtension} is a
 * {@code ServiceLoader} hook through which modules built later (the benchmarks) add subcommands,
 * so this package never depends on them.
 */
package io.tessera.server.cli;
