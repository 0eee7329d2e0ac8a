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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Late samples mark stale only the built panes of the views that select their series, and the
 * next ingestion runs rebuild those panes from raw data; a plan that brings a view back starts it
 * afresh. Every pane is checked against sums computed by brute force from what was written.
 */
class LateDataRepairTest {

    private static final long PANE = 60_000;
    private static final long T0 = 1_767_225_600_000L;
    private static final Labels A = Labels.of("__name__", "m", "s", "a");
    private static final Labels B = Labels.of("__name__", "m", "s", "b");
    private static final Labels OTHER = Labels.of("__name__", "other", "s", "a");

    private final RawStore raw = new RawStore(RawStoreConfig.defaults().withOutOfOrderWindow(6 * 3_600_000));
    private final SummaryStore summaries = new SummaryStore();
    private final StoreDataStore store = new StoreDataStore(raw, summaries);
    private final ViewMaintainer maintainer = new ViewMaintainer(summaries, store, 5_000);
    /** What was written: series → (ts → value). */
    private final Map<Labels, Map<Long, Double>> written = new HashMap<>();

    private record SumView(PhysicalDag dag, MaterializedView view) {}

    private static SumView sumView(String metric) {
        DagBuilder b = new DagBuilder();
        int scan = b.add(new Scan(Source.TIME_SERIES, List.of(LabelMatcher.equal("__name__", metric))));
        int range = b.add(new TimeRange(scan, TimeRange.Kind.RANGE, PANE));
        int pane = b.add(new PaneState(
                range,
                StateSpec.of(StateFamily.SUM),
                Grouping.PER_SERIES,
                new Materialization(Materialization.Mode.AT_INGESTION, PANE, 0, 24 * 3_600_000L)));
        b.root(pane);
        PhysicalDag dag = b.build();
        return new SumView(
                dag, new MaterializedView(DefinitionIds.of(dag, pane), pane, (PaneState) dag.node(pane), List.of()));
    }

    private void write(Labels series, long ts, double v) {
        AppendRequest request =
                AppendRequest.builder().series(series).sample(ts, v).build();
        raw.append(request);
        written.computeIfAbsent(series, s -> new HashMap<>()).put(ts, v);
        maintainer.accepted(request);
    }

    private ViewStates read(MaterializedView view, Interval pane) {
        return store.readMaterializedView(
                view.viewId(),
                new MaterializedViewRequest(pane, List.of(pane)),
                new RunContext(0, 0, 60_000, QueryLimits.DEFAULTS));
    }

    /** Asserts that every pane of {@code view} in {@code (from, to]} holds exactly the brute-force sums. */
    private void assertPanesMatchWhatWasWritten(MaterializedView view, long from, long to) {
        for (long end = from + PANE; end <= to; end += PANE) {
            Interval pane = new Interval(end - PANE, end);
            Map<Labels, Double> stored = new HashMap<>();
            read(view, pane).forEach(0, (g, s) -> stored.put(g, ((SumState) s).value()));
            Map<Labels, Double> expected = new HashMap<>();
            for (Map.Entry<Labels, Map<Long, Double>> e : written.entrySet()) {
                if (!e.getKey().get("__name__").equals("m")) {
                    continue;
                }
                for (Map.Entry<Long, Double> sample : e.getValue().entrySet()) {
                    if (sample.getKey() > pane.start() && sample.getKey() <= pane.end()) {
                        expected.merge(e.getKey(), sample.getValue(), Double::sum);
                    }
                }
            }
            assertThat(stored).as("pane " + pane).isEqualTo(expected);
        }
    }

    @Test
    void aLateSampleOfASeriesNoScanSelectsLeavesTheViewAlone() {
        SumView m = sumView("m");
        maintainer.install(m.dag(), List.of(m.view()));
        for (int i = 0; i < 40; i++) {
            write(A, T0 + i * 15_000 + 1, 1);
        }
        maintainer.runOnce(1_000);
        write(OTHER, T0 + 30_000, 5);
        assertThat(maintainer.lateSamples()).isZero();
        assertThat(maintainer.isInvalid(m.view().definitionId(), new Interval(T0, T0 + PANE)))
                .isFalse();
        assertThat(maintainer.progress().getFirst().stalePanes()).isZero();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void latePanesAreMarkedThenRebuiltFromRawData(long seed) {
        Random random = new Random(seed);
        SumView m = sumView("m");
        maintainer.install(m.dag(), List.of(m.view()));
        long end = T0 + 60 * PANE;
        for (long t = T0 + 1; t <= end; t += 15_000) {
            write(A, t, random.nextInt(100));
            write(B, t + 7, random.nextInt(100));
        }
        maintainer.runOnce(10_000);
        long built = T0 + 59 * PANE;
        assertPanesMatchWhatWasWritten(m.view(), T0, built);

        // late samples into a few panes, one exactly on a pane edge
        List<Interval> reached = new ArrayList<>();
        for (int k = 0; k < 5; k++) {
            long pane = 1 + random.nextInt(50);
            long t = T0 + pane * PANE - (k == 0 ? 0 : 1 + random.nextInt(59_000));
            write(B, t, 1_000 + k);
            reached.add(new Interval(T0 + (pane - 1) * PANE, T0 + pane * PANE));
        }
        for (Interval pane : reached) {
            assertThat(maintainer.isInvalid(m.view().definitionId(), pane))
                    .as("stale " + pane)
                    .isTrue();
            assertThatThrownBy(() -> read(m.view(), pane))
                    .isInstanceOf(MissingStateException.class)
                    .hasMessageContaining("samples arrived after the pane was built");
        }
        assertThat(maintainer.progress().getFirst().stalePanes())
                .isEqualTo((int) reached.stream().distinct().count());

        maintainer.runOnce(10_000);
        assertThat(maintainer.progress().getFirst().stalePanes()).isZero();
        assertThat(maintainer.progress().getFirst().panesRebuilt())
                .isEqualTo(reached.stream().distinct().count());
        assertPanesMatchWhatWasWritten(m.view(), T0, built);
    }

    @Test
    void aViewDroppedByOnePlanAndBroughtBackByTheNextStartsAfresh() {
        SumView a = sumView("m");
        SumView b = sumView("other");
        maintainer.install(a.dag(), List.of(a.view()));
        long end = T0 + 30 * PANE;
        for (long t = T0 + 1; t <= end; t += 15_000) {
            write(A, t, 1);
            write(OTHER, t, 1);
        }
        maintainer.runOnce(10_000);
        assertPanesMatchWhatWasWritten(a.view(), T0, T0 + 29 * PANE);

        assertThat(maintainer.install(b.dag(), List.of(b.view())))
                .containsExactly(a.view().definitionId());
        maintainer.runOnce(10_000);
        // late data for the dropped view while nothing watches it, and new data
        write(B, T0 + 10 * PANE - 5, 100);
        for (long t = end + 15_000; t <= end + 10 * PANE; t += 15_000) {
            write(A, t, 2);
            write(OTHER, t, 2);
        }
        maintainer.install(a.dag(), List.of(a.view()));
        assertThatThrownBy(() -> read(a.view(), new Interval(T0 + 9 * PANE, T0 + 10 * PANE)))
                .as("no pane of the old installation is served")
                .isInstanceOf(MissingStateException.class);
        maintainer.runOnce(100_000);
        maintainer.runOnce(100_000);
        assertPanesMatchWhatWasWritten(a.view(), T0, T0 + 39 * PANE);
    }
}
