package io.tessera.server.durability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.function.IntConsumer;

/**
 * The setting of a crash test: its seed ({@code -Dtessera.crash.seed=S} repeats one), the random
 * numbers drawn from it, and the data directory and server log under the test's temporary folder.
 */
record CrashRun(long seed, Random random, Path data, Path log) {

    /** Storage settings of the crash tests that keep raw samples, with the fsync policy left to fill in. */
    static final String SAMPLE_STORAGE = """
            listen: 127.0.0.1:0
            storage:
              retention: 100y
              wal_fsync: %s
              wal_segment_size: 64KiB
              snapshot_interval: 700ms
            """;

    /** A new run under {@code tmp}, announced on standard output as {@code name} with its rounds and seed. */
    static CrashRun start(String name, int rounds, Path tmp) {
        long seed = Long.getLong("tessera.crash.seed", System.nanoTime());
        System.out.println(name + ": " + rounds + " rounds, seed " + seed);
        return new CrashRun(seed, new Random(seed), tmp.resolve("data"), tmp.resolve("server.log"));
    }

    /** Writes {@code yaml} with {@code fsync} filled in to a configuration file under {@code tmp}. */
    static Path writeConfig(Path tmp, String yaml, String fsync) throws IOException {
        Path config = tmp.resolve("tessera-" + fsync + ".yaml");
        Files.writeString(config, yaml.formatted(fsync));
        return config;
    }

    /** An empty set per writer, for the numbers of its requests. */
    static List<ConcurrentSkipListSet<Long>> perWriter(int writers) {
        List<ConcurrentSkipListSet<Long>> sets = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            sets.add(new ConcurrentSkipListSet<>());
        }
        return sets;
    }

    /** A load per writer: {@code write} given the writer's number. */
    static List<Runnable> writers(int writers, IntConsumer write) {
        List<Runnable> loads = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            loads.add(() -> write.accept(writer));
        }
        return loads;
    }
}
