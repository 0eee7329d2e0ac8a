package io.tessera.server.cli;

import io.tessera.core.InvalidInputException;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.plan.planner.PlanResult;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.Workload;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code tessera plan WORKLOAD [-o PLAN]}: plans views for a workload file and explains the choice. */
@Command(
        name = "plan",
        mixinStandardHelpOptions = true,
        description = {
            "Plan materialized views for a workload file (YAML) and explain the choices.",
            "Writes the installable plan (JSON) to -o, or next to the workload as <name>.plan.json;"
                    + " '-o -' writes it to stdout. The explanation goes to stderr when the plan goes to stdout."
        })
public final class PlanCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "WORKLOAD", description = "The workload file (YAML).")
    Path workloadFile;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "PLAN",
            description = "Where to write the plan JSON ('-' for stdout).")
    String output;

    @Option(
            names = {"-c", "--config"},
            paramLabel = "FILE",
            description =
                    "The server config whose tables the workload's SQL queries read (without it every SQL name is a metric).")
    Path configFile;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(workloadFile)) {
            System.err.println("plan: no such file: " + workloadFile);
            return 2;
        }
        PlanResult result;
        try {
            io.tessera.core.TableCatalog tables = configFile == null
                    ? io.tessera.core.TableCatalog.EMPTY
                    : io.tessera.server.config.ConfigLoader.load(configFile).tableCatalog();
            result = Planner.plan(Workload.load(workloadFile, tables));
        } catch (InvalidInputException | IllegalArgumentException e) {
            System.err.println("plan: " + workloadFile + ": " + e.getMessage());
            return 2;
        }
        String json = InstallablePlanCodec.toJson(result.plan());
        if ("-".equals(output)) {
            System.out.print(json);
            System.err.print(result.explanation().text());
            return 0;
        }
        Path target = output != null ? Path.of(output) : defaultTarget(workloadFile);
        try {
            Files.writeString(target, json, StandardCharsets.UTF_8);
        } catch (IOException e) {
            System.err.println("plan: cannot write " + target + ": " + e.getMessage());
            return 1;
        }
        System.out.print(result.explanation().text());
        System.out.println("\nplan written to " + target);
        return 0;
    }

    private static Path defaultTarget(Path workload) {
        String name = workload.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        Path dir = workload.toAbsolutePath().getParent();
        return dir.resolve(stem + ".plan.json");
    }
}
