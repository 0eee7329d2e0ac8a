package io.tessera.bench.store;

import io.tessera.core.Interval;
import io.tessera.store.summary.IntervalStates;
import io.tessera.store.summary.StateBatch;
import io.tessera.store.summary.SummaryStoreConfig;
import io.tessera.store.summary.ViewSnapshot;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Reading the {@value DayOfPanes#PANES} one-pane windows of a day ({@value DayOfPanes#GROUPS}
 * groups each) from one snapshot: one {@code readExactBatch} against one {@code readExact} per
 * window, each alone and beside an ingest thread that commits new panes to the same view.
 * The {@code ...AndVisit} variants also visit every state found, as a consumer would.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ExactReadBenchmark {

    /** The day of panes, built once per fork. */
    @State(Scope.Benchmark)
    public static class Day {
        DayOfPanes day;
        List<Interval> windows;

        @Setup(Level.Trial)
        public void build() {
            day = new DayOfPanes(SummaryStoreConfig.DEFAULT);
            windows = day.windows;
        }
    }

    /**
     * Commits one pane of every group after the day every {@value #PAUSE_MS} ms while an
     * iteration runs, at most {@value #MAX_PANES} panes per fork.
     */
    @State(Scope.Benchmark)
    public static class Ingest {
        static final long PAUSE_MS = 5;
        static final int MAX_PANES = 4_000;

        private Thread thread;
        private volatile boolean running;
        private long nextPane = DayOfPanes.PANES;

        @Setup(Level.Iteration)
        public void start(Day day) {
            running = true;
            thread = Thread.ofPlatform().name("bench-ingest").daemon().start(() -> ingest(day.day));
        }

        private void ingest(DayOfPanes day) {
            StateBatch batch = new StateBatch(DayOfPanes.GROUPS);
            BenchSumState[] states = new BenchSumState[DayOfPanes.GROUPS];
            for (int g = 0; g < states.length; g++) {
                states[g] = new BenchSumState(g);
            }
            while (running && nextPane < DayOfPanes.PANES + MAX_PANES) {
                DayOfPanes.fillPane(batch, day.groups, nextPane++, states);
                day.view.insertBatch(batch);
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(PAUSE_MS));
            }
        }

        @TearDown(Level.Iteration)
        public void stop() throws InterruptedException {
            running = false;
            thread.join();
        }
    }

    @Benchmark
    public IntervalStates readExactBatch(Day day) {
        return day.day.view.snapshot().readExactBatch(day.windows);
    }

    @Benchmark
    public void sequentialReadExact(Day day, Blackhole bh) {
        ViewSnapshot snap = day.day.view.snapshot();
        List<Interval> windows = day.windows;
        for (int i = 0, n = windows.size(); i < n; i++) {
            bh.consume(snap.readExact(windows.get(i)));
        }
    }

    @Benchmark
    public IntervalStates readExactBatchWithIngest(Day day, Ingest ingest) {
        return readExactBatch(day);
    }

    @Benchmark
    public void sequentialReadExactWithIngest(Day day, Ingest ingest, Blackhole bh) {
        sequentialReadExact(day, bh);
    }

    @Benchmark
    public double readExactBatchAndVisit(Day day) {
        IntervalStates r = day.day.view.snapshot().readExactBatch(day.windows);
        double total = 0;
        for (int i = 0, n = r.intervalCount(); i < n; i++) {
            total += visit(r, i);
        }
        return total;
    }

    @Benchmark
    public double sequentialReadExactAndVisit(Day day) {
        ViewSnapshot snap = day.day.view.snapshot();
        List<Interval> windows = day.windows;
        double total = 0;
        for (int i = 0, n = windows.size(); i < n; i++) {
            total += visit(snap.readExact(windows.get(i)), 0);
        }
        return total;
    }

    private static double visit(IntervalStates r, int i) {
        double total = 0;
        for (int seg = r.firstSegment(i), end = r.endSegment(i); seg < end; seg++) {
            for (int k = 0, len = r.segmentLength(seg); k < len; k++) {
                total += ((BenchSumState) r.state(seg, k)).sum() + r.groupId(seg, k);
            }
        }
        return total;
    }
}
