package io.tessera.bench.store;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code tessera bench store}: the summary store's JMH benchmarks, then a table of their
 * throughput in operations and states per second, and the speedup of one batched exact read
 * over one exact read per window.
 */
@Command(
        name = "store",
        description = "Benchmark the summary store: batched vs sequential exact reads of a day of"
                + " 15 s panes x 1,000 groups, with and without concurrent ingest, and insert throughput.")
public final class StoreBenchCommand implements Callable<Integer> {

    static final String BATCH = "readExactBatch";
    static final String SEQUENTIAL = "sequentialReadExact";

    @Option(names = "--quick", description = "One fork and a few short iterations (about two minutes).")
    boolean quick;

    @Override
    public Integer call() throws RunnerException {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(ExactReadBenchmark.class.getName() + "\\.")
                .include(InsertBenchmark.class.getName() + "\\.")
                .jvmArgsAppend("-Xms4g", "-Xmx4g", "-XX:+UseParallelGC", "--enable-native-access=ALL-UNNAMED")
                .shouldFailOnError(true);
        if (quick) {
            options.forks(1)
                    .warmupIterations(2)
                    .warmupTime(TimeValue.seconds(1))
                    .measurementIterations(3)
                    .measurementTime(TimeValue.seconds(1));
        } else {
            options.forks(2)
                    .warmupIterations(4)
                    .warmupTime(TimeValue.seconds(2))
                    .measurementIterations(5)
                    .measurementTime(TimeValue.seconds(2));
        }
        Collection<RunResult> results = new Runner(options.build()).run();
        List<Row> rows = new ArrayList<>();
        for (RunResult r : results) {
            String label = r.getParams().getBenchmark();
            String method = label.substring(label.lastIndexOf('.') + 1);
            rows.add(new Row(
                    method,
                    r.getPrimaryResult().getScore(),
                    r.getPrimaryResult().getScoreError(),
                    statesPerOperation(method)));
        }
        print(rows);
        return 0;
    }

    /** A benchmark's throughput; {@code statesPerOp} converts operations to states. */
    record Row(String method, double opsPerSecond, double error, long statesPerOp) {
        double statesPerSecond() {
            return opsPerSecond * statesPerOp;
        }
    }

    static long statesPerOperation(String method) {
        return method.startsWith("insert") ? DayOfPanes.GROUPS : DayOfPanes.STATES;
    }

    static void print(List<Row> rows) {
        System.out.println();
        System.out.printf(
                Locale.ROOT,
                "Summary store: %d groups x %d panes of %d s (%,d states); one"
                        + " read operation reads all %d one-pane windows, one insert operation commits one pane%n",
                DayOfPanes.GROUPS,
                DayOfPanes.PANES,
                TimeUnit.MILLISECONDS.toSeconds(DayOfPanes.PANE_MS),
                DayOfPanes.STATES,
                DayOfPanes.PANES);
        System.out.println("Reads return slices shared with the store, so a read's states/s counts states"
                + " resolved, not copied; the ...AndVisit rows also touch every state.");
        System.out.printf(Locale.ROOT, "%-32s %16s %12s %18s%n", "benchmark", "ops/s", "± error", "states/s");
        for (Row r : rows) {
            System.out.printf(
                    Locale.ROOT,
                    "%-32s %,16.1f %12.1f %,18.0f%n",
                    r.method(),
                    r.opsPerSecond(),
                    r.error(),
                    r.statesPerSecond());
        }
        System.out.println();
        System.out.println("with every state visited afterwards: readExactBatch speedup over sequential readExact: "
                + ratio(rows, BATCH + "AndVisit", SEQUENTIAL + "AndVisit") + "x");
        System.out.println("readExactBatch speedup over sequential readExact with concurrent ingest: "
                + ratio(rows, BATCH + "WithIngest", SEQUENTIAL + "WithIngest") + "x");
        System.out.println("readExactBatch speedup over sequential readExact: " + ratio(rows, BATCH, SEQUENTIAL) + "x");
    }

    static String ratio(List<Row> rows, String numerator, String denominator) {
        double top = score(rows, numerator);
        double bottom = score(rows, denominator);
        if (Double.isNaN(top) || Double.isNaN(bottom) || bottom == 0) {
            return "n/a";
        }
        return String.format(Locale.ROOT, "%.2f", top / bottom);
    }

    private static double score(List<Row> rows, String method) {
        for (Row r : rows) {
            if (r.method().equals(method)) {
                return r.opsPerSecond();
            }
        }
        return Double.NaN;
    }
}
