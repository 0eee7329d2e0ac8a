package io.tessera.bench.durability;

import io.tessera.bench.accel.AccelPlan;
import io.tessera.bench.accel.ScanPanes;
import io.tessera.bench.peer.RemoteWritePost;
import io.tessera.bench.peer.ViewCatchUp;
import io.tessera.core.FileTrees;
import io.tessera.core.Labels;
import io.tessera.ingest.NameValidation;
import io.tessera.ingest.WriteBatchBuilder;
import io.tessera.ingest.remote.RemoteWriteEncoder;
import io.tessera.plan.StateSpec;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.server.TesseraServer;
import io.tessera.server.config.ConfigLoader;
import io.tessera.server.config.ServerConfig;
import io.tessera.sketch.StateFamily;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * Start-up recovery of a server with an installed plan: how long until it serves with every
 * view caught up, from a snapshot with the view files, from the same snapshot without them
 * (every pane built again from raw data), from the log alone, and from a snapshot plus a log
 * tail; and remote-write throughput into a server with views, in memory against with the log.
 *
 * <p>{@code java -cp … io.tessera.bench.durability.ViewRecoveryBench [DIR] [series] [hours]}
 */
public final class ViewRecoveryBench {

    private static final long T0 = 1_767_225_600_000L;
    private static final long SCRAPE = 15_000;
    private static final long PANE = 60_000;
    private static final int PER_REQUEST = 500;
    private static final int WRITERS = 4;
    private static final List<String> QUERIES = List.of(
            "sum_over_time(bench_gauge[10m])",
            "max_over_time(bench_gauge[10m])",
            "avg_over_time(bench_gauge[10m])",
            "rate(bench_counter[5m])");
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    private ViewRecoveryBench() {}

    public static void main(String[] args) throws Exception {
        Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("tessera-view-recovery");
        int series = args.length > 1 ? Integer.parseInt(args[1]) : 2000;
        double hours = args.length > 2 ? Double.parseDouble(args[2]) : 2;
        int rounds = (int) (hours * 3600_000 / SCRAPE);
        int tailRounds = Math.max(1, rounds / 10);
        List<List<byte[]>> load = load(series, 0, rounds);
        List<List<byte[]>> tail = load(series, rounds, rounds + tailRounds);
        long samples = (long) series * rounds;
        System.out.printf(
                "load: %d series (half gauges, half counters) x %d scrapes = %,d samples, %d views of %s panes, %d writers%n",
                series, rounds, samples, plan().materializedViews().size(), "1m", WRITERS);

        double memory = Double.MAX_VALUE;
        double logged = Double.MAX_VALUE;
        for (int rep = 0; rep < 3; rep++) {
            try (TesseraServer server = TesseraServer.start(config(null))) {
                installPlan(server);
                memory = Math.min(memory, send(server, load));
            }
            Path d = BenchDirs.fresh(dir.resolve("ingest"));
            try (TesseraServer server = TesseraServer.start(config(d))) {
                installPlan(server);
                logged = Math.min(logged, send(server, load));
            }
        }
        System.out.printf("remote write with a plan installed, in memory:   %,10.0f samples/s%n", samples / memory);
        System.out.printf(
                "remote write with a plan installed, log on:      %,10.0f samples/s  (%.2f of in memory)%n",
                samples / logged, memory / logged);

        Path source = BenchDirs.fresh(dir.resolve("source"));
        Path logOnly = dir.resolve("log-only");
        Path withViews = dir.resolve("snapshot-views");
        Path withTail = dir.resolve("snapshot-views-tail");
        long views;
        try (TesseraServer server = TesseraServer.start(config(source))) {
            installPlan(server);
            send(server, load);
            server.runIngestionRuns();
            views = server.maintainer().progress().stream()
                    .mapToLong(p -> p.panesBuilt())
                    .sum();
            FileTrees.copy(source, BenchDirs.fresh(logOnly));
        }
        FileTrees.copy(source, BenchDirs.fresh(withViews));
        try (TesseraServer server = TesseraServer.start(config(source))) {
            send(server, tail);
            server.runIngestionRuns();
            FileTrees.copy(source, BenchDirs.fresh(withTail));
        }
        System.out.printf(
                "panes built before the restart: %,d (all views); view files %,d bytes, snapshot %,d bytes, log alone %,d bytes%n",
                views,
                size(withViews.resolve("views")),
                size(withViews.resolve("snapshots")),
                size(logOnly.resolve("wal")));
        for (int warm = 0; warm < 2; warm++) {
            measure(dir, null, withViews, false);
            measure(dir, null, withViews, true);
        }
        measure(dir, "snapshot + view files", withViews, false);
        measure(dir, "snapshot, view files removed", withViews, true);
        measure(dir, "log alone (no snapshot yet)", logOnly, false);
        measure(dir, "snapshot + view files + 10% log tail", withTail, false);
    }

    /**
     * Best of 3 starts from fresh copies: start (recovery) and the ingestion runs that catch the
     * views up; {@code what} null for a warm-up run that prints nothing.
     */
    private static void measure(Path dir, String what, Path image, boolean dropViewFiles) throws Exception {
        double bestStart = Double.MAX_VALUE;
        double bestTotal = Double.MAX_VALUE;
        long panes = 0;
        for (int rep = 0; rep < 3; rep++) {
            Path d = FileTrees.copy(image, BenchDirs.fresh(dir.resolve("run")));
            if (dropViewFiles) {
                Files.delete(d.resolve("views").resolve("MANIFEST"));
            }
            long t0 = System.nanoTime();
            try (TesseraServer server = TesseraServer.start(config(d))) {
                long t1 = System.nanoTime();
                server.runIngestionRuns();
                long t2 = System.nanoTime();
                panes = server.maintainer().progress().stream()
                        .mapToLong(p -> p.panesBuilt())
                        .sum();
                bestStart = Math.min(bestStart, (t1 - t0) / 1e9);
                bestTotal = Math.min(bestTotal, (t2 - t0) / 1e9);
            }
        }
        if (what == null) {
            return;
        }
        System.out.printf(
                "%-38s start %6.2f s, views caught up %6.2f s (%,d panes built again)%n",
                what, bestStart, bestTotal, panes);
    }

    private static ServerConfig config(Path dataDir) {
        ServerConfig c = ConfigLoader.parse("""
                listen: 127.0.0.1:0
                storage:
                  retention: 100y
                  snapshot_interval: 10h
                  memory_limit: 4GiB
                acceleration:
                  allowed_lateness: 5s
                """);
        return dataDir == null ? c : c.withDataDir(dataDir.toString());
    }

    static InstallablePlan plan() {
        return AccelPlan.withPaneViews(QUERIES, 100L * 365 * 24 * 3600_000, scan -> {
            boolean counter = scan.matchers().getFirst().value().equals("bench_counter");
            List<StateFamily> families =
                    counter ? List.of(StateFamily.COUNTER) : List.of(StateFamily.SUM, StateFamily.MAX, StateFamily.AVG);
            return new ScanPanes(PANE, families.stream().map(StateSpec::of).toList());
        });
    }

    private static void installPlan(TesseraServer server) throws Exception {
        ViewCatchUp.install("http://" + server.address(), plan());
    }

    /** Encoded remote-write requests per writer; writer w owns a slice of the series and sends it scrape by scrape. */
    private static List<List<byte[]>> load(int series, int fromRound, int toRound) {
        SplittableRandom random = new SplittableRandom(fromRound + 1);
        List<List<byte[]>> out = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            int from = (int) ((long) w * series / WRITERS);
            int to = (int) ((long) (w + 1) * series / WRITERS);
            List<byte[]> mine = new ArrayList<>();
            for (int r = fromRound; r < toRound; r++) {
                long t = T0 + r * SCRAPE + 1;
                for (int s = from; s < to; s += PER_REQUEST) {
                    WriteBatchBuilder b = new WriteBatchBuilder(NameValidation.UTF8);
                    for (int k = s; k < Math.min(to, s + PER_REQUEST); k++) {
                        boolean counter = (k & 1) == 1;
                        b.addSample(t, counter ? (double) r * (k % 7 + 1) : random.nextGaussian() * 100);
                        b.endSeries(Labels.of(
                                "__name__",
                                counter ? "bench_counter" : "bench_gauge",
                                "instance",
                                "host-" + k,
                                "job",
                                "node"));
                    }
                    mine.add(RemoteWriteEncoder.encode(b.build()));
                }
            }
            out.add(mine);
        }
        return out;
    }

    private static double send(TesseraServer server, List<List<byte[]>> load) throws InterruptedException {
        URI uri = URI.create("http://" + server.address() + "/api/v1/write");
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (List<byte[]> mine : load) {
            threads.add(Thread.ofPlatform().start(() -> {
                for (byte[] body : mine) {
                    try {
                        HttpResponse<String> r = CLIENT.send(
                                RemoteWritePost.request(uri, Duration.ofSeconds(120), body),
                                HttpResponse.BodyHandlers.ofString());
                        if (r.statusCode() != 204) {
                            throw new IllegalStateException("write: " + r.statusCode() + " " + r.body());
                        }
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static long size(Path d) throws IOException {
        if (!Files.exists(d)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(d)) {
            long total = 0;
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                total += Files.size(p);
            }
            return total;
        }
    }
}
