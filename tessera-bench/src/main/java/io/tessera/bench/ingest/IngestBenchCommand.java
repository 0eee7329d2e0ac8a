package io.tessera.bench.ingest;

import io.tessera.bench.peer.ProcessMemory;
import io.tessera.bench.peer.PrometheusProcess;
import io.tessera.bench.peer.TesseraProcess;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code tessera bench ingest}: the same pre-encoded remote-write requests sent over loopback
 * first to Tessera, then to Prometheus with its remote-write receiver, each a fresh child
 * process; prints both throughputs, memory, and their ratio as the last line.
 */
@Command(
        name = "ingest",
        description = "Remote-write ingest throughput of Tessera against Prometheus 2.x, over loopback,"
                + " with the same pre-encoded requests of 200 series x 10 samples.")
public final class IngestBenchCommand implements Callable<Integer> {

    private static final int SERIES_PER_REQUEST = 200;
    private static final int SAMPLES_PER_SERIES = 10;
    private static final long INTERVAL_MILLIS = 10_000;

    @Option(
            names = "--quick",
            description = "5 s of warm-up and 15 s of measurement per target, instead of 10 s and 60 s.")
    boolean quick;

    @Option(
            names = "--connections",
            defaultValue = "4",
            description = "Concurrent client connections (default ${DEFAULT-VALUE}).")
    int connections;

    @Option(
            names = "--series",
            defaultValue = "100000",
            description = "Series written, a multiple of " + SERIES_PER_REQUEST + " (default ${DEFAULT-VALUE}).")
    int series;

    @Option(names = "--seconds", description = "Measured seconds per target (overrides the --quick choice).")
    Integer seconds;

    private final PrintStream out = System.out;

    @Override
    public Integer call() throws Exception {
        if (PrometheusProcess.missingFor("tessera bench ingest")) {
            return 2;
        }
        Duration warmup = Duration.ofSeconds(quick ? 5 : 10);
        Duration measure = Duration.ofSeconds(seconds != null ? seconds : quick ? 15 : 60);
        long start = (System.currentTimeMillis() - Duration.ofDays(1).toMillis()) / INTERVAL_MILLIS * INTERVAL_MILLIS;
        LoadShape shape =
                new LoadShape(series, SERIES_PER_REQUEST, SAMPLES_PER_SERIES, INTERVAL_MILLIS, connections, start);
        EncodedLoad load = new EncodedLoad(shape, 20_240_601L);
        out.printf(
                Locale.ROOT,
                "Remote-write ingest over loopback: %,d series (node-exporter-like labels), requests of"
                        + " %d series x %d samples %d s apart, %d connections; %d s warm-up and %d s measured per target.%n",
                series,
                SERIES_PER_REQUEST,
                SAMPLES_PER_SERIES,
                INTERVAL_MILLIS / 1000,
                connections,
                warmup.toSeconds(),
                measure.toSeconds());
        out.println("Both targets run as child processes (Tessera: 'tessera serve', in memory, in its own JVM;"
                + " Prometheus: its remote-write receiver, TSDB and WAL in a temporary directory);"
                + " requests are encoded before timing and this JVM only sends them.");

        RunPlan plan = new RunPlan(load, warmup, measure, out);
        List<TargetResult> results = new ArrayList<>();
        try (TesseraProcess tessera = TesseraProcess.start()) {
            results.add(plan.run(Target.of("Tessera", tessera, "tessera_raw_samples")));
        }
        try (PrometheusProcess prometheus = PrometheusProcess.startReceiver()) {
            results.add(plan.run(Target.of("Prometheus", prometheus, "prometheus_tsdb_head_samples_appended_total")));
        }
        return report(results.get(0), results.get(1));
    }

    private int report(TargetResult tessera, TargetResult prometheus) {
        out.println();
        out.printf(
                Locale.ROOT,
                "%-11s %10s %14s %9s %14s %11s %10s%n",
                "target",
                "requests",
                "samples",
                "seconds",
                "samples/s",
                "RSS MiB",
                "RSS B/smp");
        for (TargetResult r : List.of(tessera, prometheus)) {
            PhaseResult m = r.measured();
            out.printf(
                    Locale.ROOT,
                    "%-11s %,10d %,14d %9.2f %,14.0f %,11.1f %10.2f%n",
                    r.target().name(),
                    m.requests(),
                    m.samples(),
                    m.seconds(),
                    m.samplesPerSecond(),
                    r.residentBytes() / 1048576.0,
                    (double) r.residentBytes() / r.samplesSent());
        }
        double samples = tessera.metric("tessera_raw_samples");
        out.printf(
                Locale.ROOT,
                "Tessera raw store after the run: %,.0f series, %,.0f samples (about %,.0f per series,"
                        + " %d s apart), %.3f bytes/sample in chunks, %.3f bytes/sample with the store's memory estimate%n",
                tessera.metric("tessera_raw_series"),
                samples,
                samples / tessera.metric("tessera_raw_series"),
                INTERVAL_MILLIS / 1000,
                tessera.metric("tessera_raw_chunk_bytes") / samples,
                tessera.metric("tessera_raw_memory_bytes") / samples);
        out.printf(
                Locale.ROOT,
                "resident memory: Tessera's JVM %,.1f MiB, Prometheus %,.1f MiB (RSS B/smp: RSS over"
                        + " all samples sent, warm-up included); load generator JVM %,.1f MiB%n",
                tessera.residentBytes() / 1048576.0,
                prometheus.residentBytes() / 1048576.0,
                ProcessMemory.residentBytes(ProcessHandle.current().pid()) / 1048576.0);

        List<String> problems = new ArrayList<>();
        for (TargetResult r : List.of(tessera, prometheus)) {
            if (r.failures() > 0) {
                problems.add(r.target().name() + ": " + r.failures() + " requests not answered 204, the first: "
                        + r.firstFailure());
            }
            if (r.storedSamples() != r.samplesSent()) {
                problems.add(r.target().name() + " reports " + r.storedSamples() + " samples stored of "
                        + r.samplesSent() + " sent");
            }
        }
        if (!problems.isEmpty()) {
            problems.forEach(p -> System.err.println("FAILED: " + p));
            return 1;
        }
        out.printf(
                Locale.ROOT,
                "ingest ratio Tessera/Prometheus: %.2f%n",
                tessera.measured().samplesPerSecond() / prometheus.measured().samplesPerSecond());
        return 0;
    }
}
