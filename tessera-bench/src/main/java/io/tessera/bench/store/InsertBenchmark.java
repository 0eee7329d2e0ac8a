package io.tessera.bench.store;

import io.tessera.core.Labels;
import io.tessera.store.summary.StateBatch;
import io.tessera.store.summary.SummaryStore;
import io.tessera.store.summary.SummaryStoreConfig;
import io.tessera.store.summary.ViewStore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * Committing panes of {@value DayOfPanes#GROUPS} states (one batch per pane): one writer, two
 * writers on one view, and two writers on a view each. One operation is one pane; retention
 * keeps about {@value #RETAINED_PANES} panes per view, so memory stays bounded.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class InsertBenchmark {

    static final int RETAINED_PANES = 600;
    static final int EVICT_EVERY = 64;

    /** A fresh store per iteration, with a shared view and a pane counter. */
    @State(Scope.Benchmark)
    public static class Store {
        SummaryStore store;
        ViewStore shared;
        final AtomicLong nextPane = new AtomicLong();
        final AtomicLong nextView = new AtomicLong();

        @Setup(Level.Iteration)
        public void reset() {
            store = new SummaryStore(SummaryStoreConfig.DEFAULT);
            shared = store.view("shared");
            nextPane.set(0);
        }
    }

    /** A writer's reusable batch and states, and its own view for the two-view case. */
    @State(Scope.Thread)
    public static class Writer {
        final Labels[] groups = DayOfPanes.newGroups();
        final StateBatch batch = new StateBatch(DayOfPanes.GROUPS);
        final BenchSumState[] states = new BenchSumState[DayOfPanes.GROUPS];
        ViewStore own;
        long ownPane;

        @Setup(Level.Iteration)
        public void reset(Store store) {
            for (int g = 0; g < states.length; g++) {
                states[g] = new BenchSumState(g);
            }
            own = store.store.view("own-" + store.nextView.getAndIncrement());
            ownPane = 0;
        }
    }

    private static long commit(ViewStore view, Writer w, long pane) {
        DayOfPanes.fillPane(w.batch, w.groups, pane, w.states);
        long seq = view.insertBatch(w.batch);
        if (pane % EVICT_EVERY == 0 && pane > RETAINED_PANES) {
            view.evictEpochsEndingBefore(DayOfPanes.pane(pane - RETAINED_PANES).end());
        }
        return seq;
    }

    @Benchmark
    @Threads(1)
    public long insertOneWriter(Store store, Writer w) {
        return commit(store.shared, w, store.nextPane.getAndIncrement());
    }

    @Benchmark
    @Threads(2)
    public long insertTwoWritersOneView(Store store, Writer w) {
        return commit(store.shared, w, store.nextPane.getAndIncrement());
    }

    @Benchmark
    @Threads(2)
    public long insertTwoWritersTwoViews(Writer w) {
        return commit(w.own, w, w.ownPane++);
    }
}
