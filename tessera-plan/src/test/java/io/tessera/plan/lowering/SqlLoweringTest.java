package io.tessera.plan.lowering;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.InvalidInputException;
import io.tessera.core.LabelMatcher;
import io.tessera.core.TableCatalog;
import io.tessera.core.TableSchema;
import io.tessera.plan.GroupedAggregate;
import io.tessera.plan.PhysicalDag;
import io.tessera.plan.Project;
import io.tessera.plan.Scan;
import io.tessera.plan.TableWindow;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.spi.Source;
import io.tessera.sql.AggregateFunction;
import io.tessera.sql.SqlFrontend;
import io.tessera.sql.SqlType;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlLoweringTest {

    static final TableCatalog CATALOG = TableCatalog.of(new TableSchema(
            "requests",
            "time",
            List.of(new Column("host", ColumnType.STRING), new Column("code", ColumnType.LONG)),
            List.of(new Column("latency", ColumnType.DOUBLE), new Column("bytes", ColumnType.LONG))));

    static PhysicalDag lower(String sql) {
        return SqlLowering.lowerQuery(SqlFrontend.parse(sql, CATALOG, 1_000_000L));
    }

    @Test
    void aGroupedWindowedQueryIsOneChainOfNodes() {
        PhysicalDag dag =
                lower("SELECT time_bucket(INTERVAL '1 minute', time) AS m, host, quantile(0.99)(latency) AS p99 "
                        + "FROM requests WHERE time > 1000 AND time <= 5000 AND code IN (500, 503) GROUP BY 1, 2 "
                        + "HAVING count(*) > 10 ORDER BY p99 DESC LIMIT 5");
        assertThat(dag.nodes())
                .extracting(n -> n.getClass().getSimpleName())
                .containsExactly(
                        "Scan",
                        "TableWindow",
                        "RowFilter",
                        "TimeBucket",
                        "GroupedAggregate",
                        "RowFilter",
                        "OrderLimit",
                        "Project");
        TableWindow window = (TableWindow) dag.node(1);
        assertThat(window.startExclusive()).isEqualTo(1000);
        assertThat(window.endInclusive()).isEqualTo(5000);
        assertThat(window.columns()).extracting(Column::name).containsExactly("time", "host", "code", "latency");
        GroupedAggregate agg = (GroupedAggregate) dag.node(4);
        assertThat(agg.keys()).containsExactly("$bucket0", "host");
        assertThat(agg.aggregates())
                .containsExactly(
                        new GroupedAggregate.Spec(AggregateFunction.QUANTILE, "latency", 0.99, "$agg0"),
                        new GroupedAggregate.Spec(AggregateFunction.COUNT, null, Double.NaN, "$agg1"));
        Project p = (Project) dag.node(7);
        assertThat(p.columns()).containsExactly("$bucket0", "host", "$agg0");
        assertThat(p.names()).containsExactly("m", "host", "p99");
        assertThat(p.types()).containsExactly(SqlType.TIMESTAMP, SqlType.VARCHAR, SqlType.DOUBLE);
    }

    @Test
    void aMetricIsAScanOfItsSeriesWithLabelEqualitiesAsHints() {
        PhysicalDag dag =
                lower("SELECT job, max(value) FROM metrics.up WHERE instance = 'a' AND job <> 'b' GROUP BY job");
        assertThat(dag.node(0))
                .isEqualTo(new Scan(
                        Source.TIME_SERIES,
                        List.of(LabelMatcher.equal("__name__", "up"), LabelMatcher.equal("instance", "a"))));
    }

    @Test
    void sqlPlansRoundTripThroughTheCodec() {
        for (String sql : List.of(
                "SELECT host, count(DISTINCT code), approx_count_distinct(host), avg(bytes) FROM requests "
                        + "WHERE NOT (host IN ('a', 'it''s') OR latency >= 2.5) GROUP BY host ORDER BY 2 DESC",
                "SELECT time, bytes FROM requests WHERE time BETWEEN 10 AND 20 ORDER BY time LIMIT 3",
                "SELECT date_trunc('hour', ts) h, sum(value) FROM cpu GROUP BY h HAVING sum(value) > 1e3 OR min(value) < -1")) {
            PhysicalDag dag = lower(sql);
            InstallablePlan plan = InstallablePlan.of(dag, List.of(sql));
            InstallablePlan back = InstallablePlanCodec.fromJson(InstallablePlanCodec.toJson(plan));
            assertThat(back).as(sql).isEqualTo(plan);
        }
    }

    @Test
    void theCodecRejectsABrokenSqlNode() {
        String json = InstallablePlanCodec.toJson(
                InstallablePlan.of(lower("SELECT count(*) FROM requests WHERE host = 'x'"), List.of("q")));
        assertThatThrownBy(() -> InstallablePlanCodec.fromJson(
                        json.replaceFirst("\"op\"\\s*:\\s*\"compare\"", "\"op\":\"like\"")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("unknown predicate 'like'");
        assertThatThrownBy(() -> InstallablePlanCodec.fromJson(
                        json.replaceFirst("\"cmp\"\\s*:\\s*\"eq\"", "\"cmp\":\"eq\",\"extra\":1")))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("unknown field 'extra'");
    }
}
