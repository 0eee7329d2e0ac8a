package io.tessera.bench.durability;

import io.tessera.core.Labels;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStore;
import io.tessera.store.raw.RawStoreConfig;
import io.tessera.store.wal.DurableRawStore;
import io.tessera.store.wal.WalFsync;
import io.tessera.store.wal.WalOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Ingest throughput with the write-ahead log off, on with {@code interval} fsync and on with
 * {@code always}, from concurrent writers sending scrape-like requests (one sample for each of
 * many series), and recovery time from the log alone and from a snapshot.
 *
 * <p>{@code java -cp … io.tessera.bench.durability.DurabilityBench [DIR] [series] [rounds] [writers]}
 */
public final class DurabilityBench {

    private DurabilityBench() {}

    public static void main(String[] args) throws Exception {
        Path dir = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("tessera-durability");
        int series = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 120;
        int writers = args.length > 3 ? Integer.parseInt(args[3]) : 4;
        int perRequest = 500;
        RawStoreConfig config = RawStoreConfig.defaults().withRetention(Long.MAX_VALUE / 4);
        List<List<AppendRequest>> load = load(series, rounds, writers, perRequest);
        long samples = (long) series * rounds;
        System.out.printf(
                "load: %d series x %d rounds = %,d samples in requests of %d samples, %d writers%n",
                series, rounds, samples, perRequest, writers);

        for (int warm = 0; warm < 2; warm++) {
            run(load, new RawStore(config)::append);
        }
        double off = best(3, () -> run(load, new RawStore(config)::append));
        report("log off", samples, off, off);
        for (WalFsync fsync : WalFsync.values()) {
            double on = best(3, () -> {
                Path d = BenchDirs.fresh(dir.resolve("ingest-" + fsync.configName()));
                try (DurableRawStore store = DurableRawStore.open(d, config, WalOptions.DEFAULTS.withFsync(fsync))) {
                    return run(load, store::append);
                }
            });
            report("log on, wal_fsync " + fsync.configName(), samples, on, off);
        }

        Path d = BenchDirs.fresh(dir.resolve("recovery"));
        try (DurableRawStore store = DurableRawStore.open(d, config, WalOptions.DEFAULTS)) {
            run(load, store::append);
        }
        long walBytes = size(d.resolve("wal"));
        long t0 = System.nanoTime();
        try (DurableRawStore store = DurableRawStore.open(d, config, WalOptions.DEFAULTS)) {
            double s = (System.nanoTime() - t0) / 1e9;
            System.out.printf(
                    "recovery from the log alone: %,d samples (%,d log bytes) in %.2f s = %,.0f samples/s%n",
                    store.store().stats().sampleCount(),
                    walBytes,
                    s,
                    store.store().stats().sampleCount() / s);
            DurableRawStore.SnapshotInfo info = store.snapshot();
            System.out.printf("snapshot: %,d bytes in %.2f s%n", info.bytes(), info.durationNanos() / 1e9);
        }
        t0 = System.nanoTime();
        try (DurableRawStore store = DurableRawStore.open(d, config, WalOptions.DEFAULTS)) {
            double s = (System.nanoTime() - t0) / 1e9;
            System.out.printf(
                    "recovery from a snapshot: %,d samples in %.2f s = %,.0f samples/s%n",
                    store.store().stats().sampleCount(),
                    s,
                    store.store().stats().sampleCount() / s);
        }
    }

    private interface Timed {
        double seconds() throws Exception;
    }

    private static double best(int n, Timed t) throws Exception {
        double best = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            best = Math.min(best, t.seconds());
        }
        return best;
    }

    private static void report(String what, long samples, double seconds, double offSeconds) {
        System.out.printf(
                "%-28s %,12.0f samples/s  (%.2f of log off)%n", what, samples / seconds, offSeconds / seconds);
    }

    /** Writer w owns series [w*n/writers, (w+1)*n/writers) and sends them round by round. */
    private static List<List<AppendRequest>> load(int series, int rounds, int writers, int perRequest) {
        SplittableRandom random = new SplittableRandom(1);
        Labels[] labels = new Labels[series];
        for (int i = 0; i < series; i++) {
            labels[i] = Labels.of(
                    "__name__", "metric_" + (i % 50), "instance", "host-" + (i / 50) + ":9100", "job", "node");
        }
        List<List<AppendRequest>> out = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int from = (int) ((long) w * series / writers);
            int to = (int) ((long) (w + 1) * series / writers);
            List<AppendRequest> mine = new ArrayList<>();
            double[] value = new double[to - from];
            for (int r = 0; r < rounds; r++) {
                long t = 1_767_225_600_000L + r * 15_000L;
                for (int s = from; s < to; s += perRequest) {
                    AppendRequest.Builder b = AppendRequest.builder();
                    for (int k = s; k < Math.min(to, s + perRequest); k++) {
                        value[k - from] += random.nextInt(100);
                        b.series(labels[k]).sample(t, value[k - from]);
                    }
                    mine.add(b.build());
                }
            }
            out.add(mine);
        }
        return out;
    }

    private static double run(List<List<AppendRequest>> load, Consumer<AppendRequest> append)
            throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (List<AppendRequest> mine : load) {
            threads.add(Thread.ofPlatform().start(() -> {
                for (AppendRequest r : mine) {
                    append.accept(r);
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private static long size(Path d) throws IOException {
        try (Stream<Path> files = Files.list(d)) {
            long total = 0;
            for (Path p : files.toList()) {
                total += Files.size(p);
            }
            return total;
        }
    }
}
