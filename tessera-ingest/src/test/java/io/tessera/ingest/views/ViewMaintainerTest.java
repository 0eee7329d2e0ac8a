package io.tessera.ingest.views;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Interval;
import io.tessera.core.LabelMatcher;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.plan.DagBuilder;
import io.tessera.plan.DefinitionIds;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Scan;
import io.tessera.plan.StateSpec;
import io.tessera.plan.TimeRange;
import io.tessera.sketch.StateFamily;
import io.tessera.sketch.SumState;
import io.tessera.spi.MaterializedViewRequest;
import io.tessera.spi.Source;
import io.tessera.spi.ViewStates;
import io.tessera.store.StoreDataStore;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStore;
import io.tessera.store.raw.RawStoreConfig;
import io.tessera.store.summary.SummaryStore;
import java.util.List;
import org.junit.jupiter.api.Test;

class ViewMaintainerTest {

    private static final long PANE = 60_000;
    private static final long T0 = 1_767_225_600_000L;
    private static final Labels A = Labels.of("__name__", "m", "s", "a");
    private static final Labels B = Labels.of("__name__", "m", "s", "b");

    private final RawStore raw = new RawStore(RawStoreConfig.defaults().withOutOfOrderWindow(3_600_000));
    private final SummaryStore summaries = new SummaryStore();
    private ViewMaintainer maintainer;
    private final StoreDataStore store = new StoreDataStore(raw, summaries);
    private final PhysicalDag dag;
    private final MaterializedView view;

    ViewMaintainerTest() {
        SumView sum = sumView(PANE, 10 * PANE);
        dag = sum.dag();
        view = sum.view();
        maintainer = new ViewMaintainer(summaries, store, 5_000);
        maintainer.install(dag, List.of(view));
    }

    private record SumView(PhysicalDag dag, MaterializedView view) {}

    /** A per-series sum view of {@code m} over panes of {@code paneMs}, and its DAG. */
    private static SumView sumView(long paneMs, long retentionMs) {
        DagBuilder b = new DagBuilder();
        int scan = b.add(new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", "m"))));
        int range = b.add(new TimeRange(scan, TimeRange.Kind.RANGE, paneMs));
        int pane = b.add(new PaneState(
                range,
                StateSpec.of(StateFamily.SUM),
                Grouping.PER_SERIES,
                new Materialization(Materialization.Mode.AT_INGESTION, paneMs, 0, retentionMs)));
        b.root(pane);
        PhysicalDag dag = b.build();
        return new SumView(
                dag, new MaterializedView(DefinitionIds.of(dag, pane), pane, (PaneState) dag.node(pane), List.of()));
    }

    private void write(Labels series, long ts, double v) {
        raw.append(AppendRequest.builder().series(series).sample(ts, v).build());
        maintainer.accepted(ts, ts, 1);
    }

    private ViewStates read(Interval... panes) {
        return read(view, panes);
    }

    private ViewStates read(MaterializedView v, Interval... panes) {
        return store.readMaterializedView(
                v.viewId(),
                new MaterializedViewRequest(
                        new Interval(panes[0].start(), panes[panes.length - 1].end()), List.of(panes)),
                new RunContext(0, 0, 60_000, QueryLimits.DEFAULTS));
    }

    private static double sumOf(ViewStates states, int pane, Labels group) {
        double[] sum = {Double.NaN};
        states.forEach(pane, (g, s) -> {
            if (g.equals(group)) {
                sum[0] = ((SumState) s).value();
            }
        });
        return sum[0];
    }

    @Test
    void buildsEachPaneOnceTheWatermarkPassesItsEndPlusTheLateness() {
        for (int i = 0; i < 10; i++) {
            write(A, T0 + i * 15_000 + 1, i);
            write(B, T0 + i * 15_000 + 2, 10 * i);
        }
        // newest sample T0 + 135,002; watermark T0 + 130,002: panes (T0, T0+60s] and (T0+60s, T0+120s] are complete
        assertThat(maintainer.runOnce(100)).isEqualTo(2);
        assertThat(maintainer.runOnce(100)).isZero();
        Interval first = new Interval(T0, T0 + PANE);
        Interval second = new Interval(T0 + PANE, T0 + 2 * PANE);
        ViewStates states = read(first, second);
        assertThat(sumOf(states, 0, A)).isEqualTo(0 + 1 + 2 + 3);
        assertThat(sumOf(states, 0, B)).isEqualTo(10 * (0 + 1 + 2 + 3));
        assertThat(sumOf(states, 1, A)).isEqualTo(4 + 5 + 6 + 7);
        assertThatThrownBy(() -> read(new Interval(T0 + 2 * PANE, T0 + 3 * PANE)))
                .isInstanceOf(MissingStateException.class)
                .hasMessageContaining("pane not built");
        assertThat(maintainer.progress().getFirst().panesBuilt()).isEqualTo(2);
    }

    @Test
    void aLateSampleMakesItsPaneUnusableInsteadOfStale() {
        for (int i = 0; i < 12; i++) {
            write(A, T0 + i * 15_000 + 1, 1);
        }
        maintainer.runOnce(100);
        Interval first = new Interval(T0, T0 + PANE);
        assertThat(sumOf(read(first), 0, A)).isEqualTo(4);
        write(B, T0 + 30_000, 5);
        assertThat(maintainer.lateSamples()).isEqualTo(1);
        assertThatThrownBy(() -> read(first))
                .isInstanceOf(MissingStateException.class)
                .hasMessageContaining("samples arrived after the pane was built");
        assertThat(sumOf(read(new Interval(T0 + PANE, T0 + 2 * PANE)), 0, A)).isEqualTo(4);
    }

    @Test
    void aPaneWithNoSamplesIsRecordedEmptyNotMissing() {
        write(A, T0 + 1, 1);
        write(A, T0 + 5 * PANE + 1, 1);
        maintainer.runOnce(100);
        ViewStates states = read(new Interval(T0 + PANE, T0 + 2 * PANE));
        assertThat(sumOf(states, 0, A)).isNaN();
    }

    @Test
    void aCaptureResumedInAFreshMaintainerBuildsOnlyTheLaterPanesAndKeepsUnusablePanes() {
        for (int i = 0; i < 12; i++) {
            write(A, T0 + i * 15_000 + 1, 1);
        }
        maintainer.runOnce(100);
        write(B, T0 + 30_000, 5);
        io.tessera.store.wal.ViewCapture.All all = maintainer.capture();
        io.tessera.store.wal.ViewCapture c = all.views().getFirst();
        assertThat(c.frontier()).isEqualTo(T0 + 2 * PANE);
        assertThat(c.invalid()).containsExactly(new Interval(T0, T0 + PANE));
        assertThat(c.snapshot().readContained(new Interval(T0, T0 + 2 * PANE)).intervalCount())
                .isEqualTo(2);
        assertThat(all.oldestSample()).isEqualTo(T0 + 1);
        assertThat(all.newestSample()).isEqualTo(T0 + 11 * 15_000 + 1);

        // a restart: the saved panes in a fresh store, the maintainer resumed from the capture
        SummaryStore restored = new SummaryStore();
        io.tessera.store.summary.StateBatch batch = new io.tessera.store.summary.StateBatch();
        io.tessera.store.summary.IntervalStates saved = c.snapshot().readContained(new Interval(T0, c.frontier()));
        for (int i = 0; i < saved.intervalCount(); i++) {
            Interval pane = saved.interval(i);
            saved.forEach(i, (g, st) -> batch.add(saved.group(g), pane, st));
        }
        restored.view(view.definitionId()).insertBatch(batch);
        ViewMaintainer[] again = new ViewMaintainer[1];
        StoreDataStore data = new StoreDataStore(raw, restored);
        again[0] = new ViewMaintainer(restored, data, 5_000);
        again[0].install(dag, List.of(view));
        again[0].resume(view.definitionId(), c.frontier(), c.invalid());
        again[0].seed(all.oldestSample(), all.newestSample());
        assertThat(again[0].isInvalid(view.definitionId(), new Interval(T0, T0 + PANE)))
                .as("stale as saved")
                .isTrue();
        assertThat(again[0].runOnce(100))
                .as("nothing new is complete yet: only the stale pane is rebuilt")
                .isEqualTo(1);
        assertThat(again[0].isInvalid(view.definitionId(), new Interval(T0, T0 + PANE)))
                .isFalse();
        ViewStates rebuilt = data.readMaterializedView(
                view.viewId(),
                new MaterializedViewRequest(new Interval(T0, T0 + PANE), List.of(new Interval(T0, T0 + PANE))),
                new RunContext(0, 0, 60_000, QueryLimits.DEFAULTS));
        assertThat(sumOf(rebuilt, 0, A)).isEqualTo(4);
        assertThat(sumOf(rebuilt, 0, B))
                .as("the late sample, in the rebuilt pane")
                .isEqualTo(5);
        raw.append(AppendRequest.builder()
                .series(A)
                .sample(T0 + 3 * PANE + 10_000, 2)
                .build());
        again[0].accepted(T0 + 3 * PANE + 10_000, T0 + 3 * PANE + 10_000, 1);
        assertThat(again[0].runOnce(100)).as("the pane after the frontier only").isEqualTo(1);
        raw.append(
                AppendRequest.builder().series(B).sample(T0 + PANE + 30_000, 9).build());
        again[0].accepted(T0 + PANE + 30_000, T0 + PANE + 30_000, 1);
        assertThat(again[0].isInvalid(view.definitionId(), new Interval(T0 + PANE, T0 + 2 * PANE)))
                .as("a late sample into a restored pane")
                .isTrue();
        assertThat(again[0].progress().getFirst().panesBuilt()).isEqualTo(1);
        assertThat(again[0].progress().getFirst().panesRebuilt()).isEqualTo(1);
    }

    @Test
    void aBacklogIsReadOncePerTenPanesForAllPaneViewsOfTheScanAndGridAndEachPaneKeepsItsOwnSamples() {
        DagBuilder b = new DagBuilder();
        int scan = b.add(new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", "m"))));
        int range = b.add(new TimeRange(scan, TimeRange.Kind.RANGE, PANE));
        Materialization m = new Materialization(Materialization.Mode.AT_INGESTION, PANE, 0, 100 * PANE);
        int sums = b.add(new PaneState(range, StateSpec.of(StateFamily.SUM), Grouping.PER_SERIES, m));
        int counts = b.add(new PaneState(range, StateSpec.of(StateFamily.COUNT), Grouping.PER_SERIES, m));
        int total = b.add(
                new PaneState(range, StateSpec.of(StateFamily.COUNT), new Grouping(Grouping.Kind.BY, List.of()), m));
        int wideRange = b.add(new TimeRange(scan, TimeRange.Kind.RANGE, 2 * PANE));
        int wideSums = b.add(new PaneState(
                wideRange,
                StateSpec.of(StateFamily.SUM),
                Grouping.PER_SERIES,
                new Materialization(Materialization.Mode.AT_INGESTION, 2 * PANE, 0, 100 * PANE)));
        b.root(sums);
        b.root(counts);
        b.root(total);
        b.root(wideSums);
        PhysicalDag two = b.build();
        MaterializedView sumView =
                new MaterializedView(DefinitionIds.of(two, sums), sums, (PaneState) two.node(sums), List.of());
        MaterializedView countView =
                new MaterializedView(DefinitionIds.of(two, counts), counts, (PaneState) two.node(counts), List.of());
        MaterializedView wideView = new MaterializedView(
                DefinitionIds.of(two, wideSums), wideSums, (PaneState) two.node(wideSums), List.of());
        CountingDataStore counting = new CountingDataStore(store);
        ViewMaintainer backlog = new ViewMaintainer(summaries, counting, 5_000);
        MaterializedView totalView =
                new MaterializedView(DefinitionIds.of(two, total), total, (PaneState) two.node(total), List.of());
        backlog.install(two, List.of(sumView, wideView, countView, totalView));
        // 25 panes of A (every 7 s, on pane edges too) and B (every 20 s from the sixth pane on)
        double[] sumA = new double[26];
        int[] countA = new int[26];
        int[] countB = new int[26];
        for (long t = T0 + 7_000; t <= T0 + 25 * PANE; t += 7_000) {
            raw.append(
                    AppendRequest.builder().series(A).sample(t, t % 1_000_003).build());
            sumA[(int) ((t - T0 - 1) / PANE)] += t % 1_000_003;
            countA[(int) ((t - T0 - 1) / PANE)]++;
        }
        for (long t = T0 + 5 * PANE + 20_000; t <= T0 + 25 * PANE; t += 20_000) {
            raw.append(AppendRequest.builder().series(B).sample(t, 1).build());
            countB[(int) ((t - T0 - 1) / PANE)]++;
        }
        backlog.accepted(T0 + 7_000, T0 + 25 * PANE + 5_000, 1);

        assertThat(backlog.runOnce(1_000)).isEqualTo(75 + 12);
        assertThat(counting.rawReads.get())
                .as("1-minute panes 1-10, 11-20 and 21-25, each read once for the three views;"
                        + " 2-minute panes 1-10 and 11-12")
                .isEqualTo(3 + 2);
        for (int p = 0; p < 25; p++) {
            Interval pane = new Interval(T0 + p * PANE, T0 + (p + 1) * PANE);
            ViewStates sum = read(sumView, pane);
            ViewStates count = read(countView, pane);
            assertThat(sumOf(sum, 0, A)).as("pane %d", p).isEqualTo(sumA[p]);
            long[] n = {0};
            count.forEach(0, (g, s) -> {
                if (g.equals(B)) {
                    n[0] = ((io.tessera.sketch.CountState) s).value();
                }
            });
            assertThat(n[0]).as("pane %d", p).isEqualTo(countB[p]);
            ViewStates all = read(totalView, pane);
            long[] both = {0};
            all.forEach(0, (g, st) -> {
                assertThat(g).isEqualTo(Labels.EMPTY);
                both[0] = ((io.tessera.sketch.CountState) st).value();
            });
            assertThat(both[0]).as("pane %d, both series", p).isEqualTo(countA[p] + countB[p]);
        }
        for (int p = 0; p < 12; p++) {
            Interval pane = new Interval(T0 + 2 * p * PANE, T0 + 2 * (p + 1) * PANE);
            ViewStates wide = read(wideView, pane);
            assertThat(sumOf(wide, 0, A)).as("2-minute pane %d", p).isEqualTo(sumA[2 * p] + sumA[2 * p + 1]);
        }
    }

    @Test
    void aSharedReadNeverReachesPastWhatTheRunBuildsSoALaterSampleThereIsNotLate() {
        for (long t = T0 + 5_000; t <= T0 + 10 * PANE; t += 5_000) {
            write(A, t, 1);
        }
        assertThat(maintainer.runOnce(3)).isEqualTo(3);
        write(B, T0 + 3 * PANE + 1_000, 7);
        assertThat(maintainer.lateSamples())
                .as("the fourth pane was not read yet")
                .isZero();
        maintainer.runOnce(100);
        Interval fourth = new Interval(T0 + 3 * PANE, T0 + 4 * PANE);
        assertThat(sumOf(read(fourth), 0, B)).isEqualTo(7);
        assertThat(sumOf(read(fourth), 0, A)).isEqualTo(12);
    }

    @Test
    void narrowPanesAreReadTenMinutesAtATime() {
        long narrow = 15_000;
        SumView narrowSum = sumView(narrow, 1_000 * narrow);
        PhysicalDag narrowDag = narrowSum.dag();
        MaterializedView narrowView = narrowSum.view();
        CountingDataStore counting = new CountingDataStore(store);
        ViewMaintainer backlog = new ViewMaintainer(summaries, counting, 5_000);
        backlog.install(narrowDag, List.of(narrowView));
        // 25 minutes of A every 7 s: 100 panes of 15 s
        double[] sumA = new double[100];
        for (long t = T0 + 7_000; t <= T0 + 25 * PANE; t += 7_000) {
            raw.append(
                    AppendRequest.builder().series(A).sample(t, t % 1_000_003).build());
            sumA[(int) ((t - T0 - 1) / narrow)] += t % 1_000_003;
        }
        backlog.accepted(T0 + 7_000, T0 + 25 * PANE + 5_000, 1);

        assertThat(backlog.runOnce(1_000)).isEqualTo(100);
        assertThat(counting.rawReads.get())
                .as("panes 1-40, 41-80 and 81-100: ten minutes a read")
                .isEqualTo(3);
        for (int p = 0; p < 100; p++) {
            Interval pane = new Interval(T0 + p * narrow, T0 + (p + 1) * narrow);
            ViewStates sum = read(narrowView, pane);
            assertThat(sumOf(sum, 0, A)).as("15 s pane %d", p).isEqualTo(sumA[p]);
        }
    }

    @Test
    void aQueryFindingAMaintainedViewsNewestPanesMissingDoesNotWaitForAnIngestionRun() throws Exception {
        java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        Thread run = Thread.ofPlatform().start(() -> {
            synchronized (maintainer) {
                held.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        assertThat(held.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        try {
            java.util.concurrent.CompletableFuture<Void> demanded =
                    java.util.concurrent.CompletableFuture.runAsync(() -> maintainer.demand(view.definitionId(), T0));
            demanded.get(10, java.util.concurrent.TimeUnit.SECONDS);
        } finally {
            release.countDown();
            run.join();
        }
    }
}
