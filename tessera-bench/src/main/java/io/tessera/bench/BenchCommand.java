package io.tessera.bench;

import io.tessera.bench.accel.AccelBenchCommand;
import io.tessera.bench.accel.AccelProbeCommand;
import io.tessera.bench.accel.IngestWithViewsCommand;
import io.tessera.bench.compare.CompareBenchCommand;
import io.tessera.bench.ingest.IngestBenchCommand;
import io.tessera.bench.promql.PromqlBenchCommand;
import io.tessera.bench.sql.SqlBenchCommand;
import io.tessera.bench.store.StoreBenchCommand;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** {@code tessera bench}: the benchmarks, each a subcommand, all with the standard help options given here. */
@Command(
        name = "bench",
        scope = ScopeType.INHERIT,
        mixinStandardHelpOptions = true,
        description = "Run Tessera's benchmarks.",
        subcommands = {
            AccelBenchCommand.class,
            AccelProbeCommand.class,
            CompareBenchCommand.class,
            StoreBenchCommand.class,
            IngestBenchCommand.class,
            IngestWithViewsCommand.class,
            PromqlBenchCommand.class,
            SqlBenchCommand.class
        })
public final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CommandLine.usage(spec.commandLine(), System.out);
        return 0;
    }
}
