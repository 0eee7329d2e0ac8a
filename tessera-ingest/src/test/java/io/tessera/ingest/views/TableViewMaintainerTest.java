package io.tessera.ingest.views;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.Interval;
import io.tessera.core.Labels;
import io.tessera.core.MissingStateException;
import io.tessera.core.TableCatalog;
import io.tessera.core.TableSchema;
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
import io.tessera.plan.TableWindow;
import io.tessera.sketch.StateFamily;
import io.tessera.sketch.SumState;
import io.tessera.spi.MaterializedViewRequest;
import io.tessera.spi.Source;
import io.tessera.spi.ViewStates;
import io.tessera.store.StoreDataStore;
import io.tessera.store.raw.RawStore;
import io.tessera.store.raw.RawStoreConfig;
import io.tessera.store.summary.SummaryStore;
import io.tessera.store.table.TableStore;
import io.tessera.store.table.TableStoreConfig;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A view of a SQL table: built on its table's watermark, one sum per host and pane; late rows make panes unusable. */
class TableViewMaintainerTest {

    private static final long PANE = 60_000;
    private static final long T0 = 1_767_225_600_000L;
    private static final TableSchema REQUESTS = new TableSchema(
            "requests",
            "ts",
            List.of(new Column("host", ColumnType.STRING)),
            List.of(new Column("bytes", ColumnType.LONG)));

    private final SummaryStore summaries = new SummaryStore();
    private final TableStore tables = new TableStore(TableCatalog.of(REQUESTS), TableStoreConfig.defaults());
    private ViewMaintainer maintainer;
    private final StoreDataStore store = new StoreDataStore(new RawStore(RawStoreConfig.defaults()), summaries, tables);
    private final MaterializedView view;

    TableViewMaintainerTest() {
        DagBuilder b = new DagBuilder();
        int scan = b.add(new Scan(new Source.Table("requests"), List.of()));
        int window = b.add(new TableWindow(
                scan,
                "ts",
                List.of(
                        new Column("ts", ColumnType.LONG),
                        new Column("host", ColumnType.STRING),
                        new Column("bytes", ColumnType.LONG)),
                Long.MIN_VALUE,
                Long.MAX_VALUE));
        int pane = b.add(new PaneState(
                window,
                StateSpec.of(StateFamily.SUM),
                new Grouping(Grouping.Kind.BY, List.of("host")),
                new Materialization(Materialization.Mode.AT_INGESTION, PANE, 0, 10 * PANE)));
        b.root(pane);
        PhysicalDag dag = b.build();
        view = new MaterializedView(DefinitionIds.of(dag, pane), pane, (PaneState) dag.node(pane), List.of());
        maintainer = new ViewMaintainer(summaries, store, 5_000);
        maintainer.install(dag, List.of(view));
    }

    private void post(long[] ts, String[] hosts, long[] bytes) {
        tables.append("requests", new Batch(REQUESTS.rowSchema(), ts.length, ts, hosts, bytes));
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long t : ts) {
            min = Math.min(min, t);
            max = Math.max(max, t);
        }
        maintainer.acceptedRows("requests", min, max, ts.length);
    }

    private Map<Labels, Double> sums(Interval pane) {
        ViewStates states = store.readMaterializedView(
                view.viewId(),
                new MaterializedViewRequest(pane, List.of(pane)),
                new RunContext(0, 0, 60_000, QueryLimits.DEFAULTS));
        Map<Labels, Double> out = new HashMap<>();
        states.forEach(0, (g, s) -> out.put(g, ((SumState) s).value()));
        return out;
    }

    @Test
    void panesAreBuiltOnTheTablesWatermarkNotTheSeriesOne() {
        post(
                new long[] {T0 + 1_000, T0 + 2_000, T0 + 30_000, T0 + 61_000},
                new String[] {"a", "b", "a", "a"},
                new long[] {5, 7, 11, 13});
        maintainer.accepted(T0 + 10 * PANE, T0 + 10 * PANE, 1);
        assertThat(maintainer.runOnce(100))
                .as("the table's watermark is T0 + 56 s: no pane is complete")
                .isZero();
        post(new long[] {T0 + 2 * PANE + 10_000}, new String[] {"b"}, new long[] {1});
        assertThat(maintainer.runOnce(100)).isEqualTo(2);
        assertThat(sums(new Interval(T0, T0 + PANE)))
                .isEqualTo(Map.of(Labels.of("host", "a"), 16.0, Labels.of("host", "b"), 7.0));
        assertThat(sums(new Interval(T0 + PANE, T0 + 2 * PANE))).isEqualTo(Map.of(Labels.of("host", "a"), 13.0));
        assertThatThrownBy(() -> sums(new Interval(T0 + 2 * PANE, T0 + 3 * PANE)))
                .isInstanceOf(MissingStateException.class);
    }

    @Test
    void aRowForABuiltPaneMakesItUnusable() {
        post(new long[] {T0 + 1_000, T0 + 3 * PANE}, new String[] {"a", "a"}, new long[] {5, 1});
        assertThat(maintainer.runOnce(100)).isEqualTo(2);
        assertThat(sums(new Interval(T0, T0 + PANE))).isEqualTo(Map.of(Labels.of("host", "a"), 5.0));
        post(new long[] {T0 + 20_000}, new String[] {"c"}, new long[] {100});
        assertThat(maintainer.lateRows()).isEqualTo(1);
        assertThatThrownBy(() -> sums(new Interval(T0, T0 + PANE)))
                .isInstanceOf(MissingStateException.class)
                .hasMessageContaining("arrived after the pane was built");
        assertThat(sums(new Interval(T0 + PANE, T0 + 2 * PANE))).isEmpty();
        assertThat(maintainer.lateSamples()).isZero();
    }
}
