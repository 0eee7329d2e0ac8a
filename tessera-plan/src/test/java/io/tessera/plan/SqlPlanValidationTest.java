package io.tessera.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.InvalidInputException;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.sketch.StateFamily;
import io.tessera.spi.Source;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The validator's rules for SQL views: the shape of a table view and of the node that reads one. */
class SqlPlanValidationTest {

    private static final List<Column> COLUMNS = List.of(
            new Column("ts", ColumnType.LONG),
            new Column("host", ColumnType.STRING),
            new Column("bytes", ColumnType.LONG));
    private static final Materialization KEPT =
            new Materialization(Materialization.Mode.AT_INGESTION, 60_000, 0, 3_660_000);

    /** A served query: Scan, its window, the aggregate, the view's window and state, the view read, the project. */
    private static InstallablePlan plan(
            TableWindow viewWindow, StateSpec spec, Grouping grouping, boolean readsAggregate) {
        DagBuilder b = new DagBuilder();
        int scan = b.add(new Scan(new Source.Table("requests"), List.of()));
        int window = b.add(new TableWindow(scan, "ts", COLUMNS, -3_600_000, Long.MAX_VALUE));
        int aggregate = b.add(new GroupedAggregate(
                window,
                List.of("host"),
                List.of(new GroupedAggregate.Spec(
                        io.tessera.sql.AggregateFunction.SUM, "bytes", Double.NaN, "$agg0"))));
        int vw = b.add(new TableWindow(
                scan,
                viewWindow.timeColumn(),
                viewWindow.columns(),
                viewWindow.startExclusive(),
                viewWindow.endInclusive()));
        int state = b.add(new PaneState(vw, spec, grouping, KEPT));
        int read = b.add(new SqlViewAggregate(readsAggregate ? aggregate : window, state));
        int project = b.add(new Project(
                read,
                List.of("host", "$agg0"),
                List.of("host", "total"),
                List.of(io.tessera.sql.SqlType.VARCHAR, io.tessera.sql.SqlType.BIGINT)));
        b.root(project);
        return InstallablePlan.of(
                b.build(),
                List.of(
                        "SELECT host, sum(bytes) AS total FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY host"));
    }

    private static final TableWindow UNBOUNDED = new TableWindow(0, "ts", COLUMNS, Long.MIN_VALUE, Long.MAX_VALUE);
    private static final Grouping BY_HOST = new Grouping(Grouping.Kind.BY, List.of("host"));

    @Test
    void aWellFormedTableViewIsAcceptedAndRoundTrips() {
        InstallablePlan p = plan(UNBOUNDED, StateSpec.of(StateFamily.SUM), BY_HOST, true);
        assertThat(p.materializedViews())
                .singleElement()
                .satisfies(v -> assertThat(v.state().grouping()).isEqualTo(BY_HOST));
        assertThat(InstallablePlanCodec.fromJson(InstallablePlanCodec.toJson(p)))
                .isEqualTo(p);
        assertThat(InstallablePlanCodec.toJson(p)).contains("\"sql_view_aggregate\"");
    }

    @Test
    void badTableViewsAreRejectedNamingTheNode() {
        assertThatThrownBy(() -> plan(
                        new TableWindow(0, "ts", COLUMNS, 0, Long.MAX_VALUE),
                        StateSpec.of(StateFamily.SUM),
                        BY_HOST,
                        true))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("(pane_state): the table window under a view is unbounded");
        assertThatThrownBy(() -> plan(
                        new TableWindow(
                                0, "ts", List.of(COLUMNS.get(0), COLUMNS.get(1)), Long.MIN_VALUE, Long.MAX_VALUE),
                        StateSpec.of(StateFamily.SUM),
                        BY_HOST,
                        true))
                .hasMessageContaining("exactly one column to fold");
        assertThatThrownBy(() -> plan(UNBOUNDED, StateSpec.of(StateFamily.SUM), Grouping.PER_SERIES, true))
                .hasMessageContaining("a pane state over a table window is a view grouped by key columns");
        assertThatThrownBy(() -> plan(UNBOUNDED, StateSpec.of(StateFamily.MAX), BY_HOST, true))
                .hasMessageContaining("a table view keeps one of");
        assertThatThrownBy(() -> plan(UNBOUNDED, StateSpec.of(StateFamily.SUM), BY_HOST, false))
                .hasMessageContaining(
                        "(sql_view_aggregate): a SQL view aggregate answers a grouped aggregate, not table_window");
    }
}
