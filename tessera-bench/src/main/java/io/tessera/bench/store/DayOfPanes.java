package io.tessera.bench.store;

import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.sketch.State;
import io.tessera.store.summary.StateBatch;
import io.tessera.store.summary.SummaryStore;
import io.tessera.store.summary.SummaryStoreConfig;
import io.tessera.store.summary.ViewStore;
import java.util.ArrayList;
import java.util.List;

/**
 * The benchmark data: one view of {@value #GROUPS} groups with one state per group in each
 * 15 s pane of one day, committed one pane per batch as ingestion runs would.
 */
final class DayOfPanes {

    static final int GROUPS = 1_000;
    static final int PANES = 5_760;
    static final long PANE_MS = 15_000;
    static final long DAY_START = 1_767_225_600_000L;
    static final long STATES = (long) GROUPS * PANES;

    final Labels[] groups = newGroups();
    final ViewStore view;
    final List<Interval> windows = new ArrayList<>(PANES);

    DayOfPanes(SummaryStoreConfig config) {
        view = new SummaryStore(config).view("bench_view");
        StateBatch batch = new StateBatch(GROUPS);
        for (int p = 0; p < PANES; p++) {
            fillPane(batch, groups, p, null);
            view.insertBatch(batch);
            windows.add(pane(p));
        }
    }

    static Labels[] newGroups() {
        Labels[] groups = new Labels[GROUPS];
        for (int g = 0; g < GROUPS; g++) {
            groups[g] = Labels.of("__name__", "http_requests", "job", "api", "instance", "host-" + g);
        }
        return groups;
    }

    static Interval pane(long p) {
        long end = DAY_START + (p + 1) * PANE_MS;
        return new Interval(end - PANE_MS, end);
    }

    /** Refills {@code batch} with every group's state for pane {@code p}; {@code shared} states
     * are reused when given, so that steady-state ingest benchmarks measure the store. */
    static void fillPane(StateBatch batch, Labels[] groups, long p, State[] shared) {
        batch.clear();
        Interval pane = pane(p);
        for (int g = 0; g < GROUPS; g++) {
            State s = shared != null ? shared[g] : new BenchSumState(g + p);
            batch.add(groups[g], pane, s);
        }
    }
}
