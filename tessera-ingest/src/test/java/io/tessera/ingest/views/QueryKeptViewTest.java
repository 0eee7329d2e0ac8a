package io.tessera.ingest.views;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Labels;
import io.tessera.exec.PromqlEngine;
import io.tessera.exec.QueryResult;
import io.tessera.plan.DagBuilder;
import io.tessera.plan.Grouping;
import io.tessera.plan.Materialization;
import io.tessera.plan.MaterializedView;
import io.tessera.plan.MaterializedViews;
import io.tessera.plan.PaneState;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.StateSpec;
import io.tessera.plan.lowering.PromqlLowering;
import io.tessera.plan.lowering.ViewMatcher;
import io.tessera.promql.Parser;
import io.tessera.sketch.StateFamily;
import io.tessera.store.StoreDataStore;
import io.tessera.store.raw.AppendRequest;
import io.tessera.store.raw.RawStore;
import io.tessera.store.raw.RawStoreConfig;
import io.tessera.store.summary.SummaryStore;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * An AT_QUERY_KEPT view costs nothing until a query asks for it: the first evaluation answers
 * exactly and starts the view from its window, the ones after it read the kept panes.
 */
class QueryKeptViewTest {

    private static final long STEP = 15_000;
    private static final long T0 = 1_767_225_600_000L;
    private static final long SPAN = 3 * 3_600_000L;
    private static final String QUERY = "sum by (job) (rate(c[5m]))";

    @Test
    void aKeptViewIsBuiltFromTheFirstQueryThatMissesItAndServesTheNext() {
        RawStore raw = new RawStore(RawStoreConfig.defaults().withRetention(30 * 3_600_000L));
        SummaryStore summaries = new SummaryStore();
        ViewMaintainer[] maintainer = new ViewMaintainer[1];
        StoreDataStore store = new StoreDataStore(raw, summaries);
        maintainer[0] = new ViewMaintainer(summaries, store, 0);
        Random random = new Random(8);
        for (int s = 0; s < 9; s++) {
            AppendRequest.Builder c =
                    AppendRequest.builder().series(Labels.of("__name__", "c", "job", "j" + s % 3, "instance", "i" + s));
            double total = 0;
            for (long t = T0 + 1 + random.nextInt(14_000); t < T0 + SPAN; t += STEP) {
                total += random.nextInt(10);
                c.sample(t, total);
            }
            raw.append(c.build());
        }
        maintainer[0].accepted(T0, T0 + SPAN, 1);
        DagBuilder b = new DagBuilder();
        int root = new PromqlLowering(b, PromqlLowering.DEFAULT_LOOKBACK_MS).lower(Parser.parse(QUERY));
        b.root(root);
        b.add(new PaneState(
                root,
                StateSpec.of(StateFamily.LAST),
                Grouping.PER_SERIES,
                new Materialization(Materialization.Mode.AT_QUERY_KEPT, STEP, 0, 2 * 3_600_000L)));
        PhysicalDag dag = b.build();
        List<MaterializedView> views = MaterializedViews.of(dag);
        maintainer[0].install(dag, views);
        assertThat(maintainer[0].runOnce(Integer.MAX_VALUE))
                .as("nothing is built before a query asks")
                .isZero();

        DemandingDataStore demanding = new DemandingDataStore(store, maintainer[0]);
        PromqlEngine accelerated = new PromqlEngine(PromqlEngine.Options.DEFAULTS);
        accelerated.accelerate(d -> ViewMatcher.rewrite(d, d.roots().getFirst(), views));
        PromqlEngine exact = new PromqlEngine(PromqlEngine.Options.DEFAULTS);
        long end = T0 + SPAN - 10 * 60_000;
        long start = end - 3_600_000;
        QueryResult first = accelerated.range(QUERY, start, end, STEP, demanding);
        assertThat(first.infos()).anyMatch(i -> i.contains("answered exactly from raw data"));

        int built = maintainer[0].runOnce(Integer.MAX_VALUE);
        assertThat(built)
                .as("panes from the first step's pane to the watermark")
                .isEqualTo((int) ((T0 + SPAN - (start - STEP)) / STEP));
        QueryResult second = accelerated.range(QUERY, start, end, STEP, demanding);
        assertThat(second.infos()).anyMatch(i -> i.contains("answered from view"));
        List<QueryResult.Series> kept = ((QueryResult.MatrixResult) second).series();
        List<QueryResult.Series> truth =
                ((QueryResult.MatrixResult) exact.range(QUERY, start, end, STEP, store)).series();
        assertThat(kept).hasSameSizeAs(truth);
        for (int i = 0; i < kept.size(); i++) {
            assertThat(kept.get(i).labels()).isEqualTo(truth.get(i).labels());
            assertThat(kept.get(i).values())
                    .containsExactly(truth.get(i).values(), org.assertj.core.data.Offset.offset(1e-9));
        }
    }
}
