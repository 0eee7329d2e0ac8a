package io.tessera.exec.view.samples;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/** A sweep's work split over the cores: items in contiguous parts, all but the first on the common pool. */
final class Parts {

    /** Series-steps below which a run stays on one thread. */
    private static final long PARALLEL_WORK = 200_000;

    private Parts() {}

    /** Something done to part {@code k}, items {@code [from, to)}, of {@code n} items. */
    @FunctionalInterface
    interface Part {
        void run(int k, int from, int to);
    }

    /** How many parts {@code n} items are split into: one per core when there is {@code work} enough. */
    static int parts(int n, long work) {
        return work < PARALLEL_WORK ? 1 : Math.min(n, Math.max(1, ForkJoinPool.getCommonPoolParallelism() + 1));
    }

    /** Runs {@code part} over {@code [0, n)} in {@code parts} parts, all but the first on the common pool. */
    static void inParts(int n, int parts, Part part) {
        List<ForkJoinTask<?>> tasks = new ArrayList<>();
        for (int k = 1; k < parts; k++) {
            int index = k;
            int from = (int) ((long) n * k / parts);
            int to = (int) ((long) n * (k + 1) / parts);
            tasks.add(ForkJoinPool.commonPool().submit(() -> part.run(index, from, to)));
        }
        part.run(0, 0, (int) ((long) n / parts));
        for (ForkJoinTask<?> t : tasks) {
            t.join();
        }
    }
}
