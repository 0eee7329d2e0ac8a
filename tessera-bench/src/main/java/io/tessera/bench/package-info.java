/**
 * The {@code tessera bench} command: {@link BenchCommand} groups the benchmarks of the
 * sub-packages as subcommands, and {@link BenchCliExtension} registers it on the {@code tessera}
 * command line through the server's extension hook.
 */
package io.tessera.bench;
