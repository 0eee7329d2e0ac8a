package io.tessera.server.cli;

import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code tessera} command: every user-facing action is one of its subcommands. */
@Command(
        name = "tessera",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "A query accelerator for monitoring data.",
        subcommands = {
            ServeCommand.class,
            DemoCommand.class,
            PromqlTestCommand.class,
            PlanCommand.class,
            CommandLine.HelpCommand.class
        })
public final class TesseraCli implements Callable<Integer> {

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    public static CommandLine commandLine() {
        CommandLine root = new CommandLine(new TesseraCli());
        for (CliExtension extension : ServiceLoader.load(CliExtension.class)) {
            extension.register(root);
        }
        return root;
    }

    @Override
    public Integer call() {
        CommandLine.usage(this, System.out);
        return 0;
    }
}
