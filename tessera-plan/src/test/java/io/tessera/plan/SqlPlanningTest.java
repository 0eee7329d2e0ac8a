package io.tessera.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.TableCatalog;
import io.tessera.core.TableSchema;
import io.tessera.plan.codec.InstallablePlan;
import io.tessera.plan.codec.InstallablePlanCodec;
import io.tessera.plan.lowering.SqlLowering;
import io.tessera.plan.planner.PlanResult;
import io.tessera.plan.planner.Planner;
import io.tessera.plan.workload.AccuracyTarget;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import io.tessera.sketch.StateFamily;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlPlanningTest {

    static final TableCatalog CATALOG = TableCatalog.of(new TableSchema(
            "requests",
            "ts",
            List.of(
                    new Column("host", ColumnType.STRING),
                    new Column("region", ColumnType.STRING),
                    new Column("code", ColumnType.LONG)),
            List.of(new Column("latency", ColumnType.DOUBLE), new Column("bytes", ColumnType.LONG))));
    static final long S = 1000;
    static final long M = 60 * S;

    static Workload workload(String yaml) {
        return Workload.parse(yaml, CATALOG);
    }

    static PlanResult plan(String yaml) {
        return Planner.plan(workload(yaml));
    }

    static MaterializedView viewOf(List<MaterializedView> views, StateFamily family) {
        return views.stream()
                .filter(v -> v.state().state().family() == family)
                .findFirst()
                .orElseThrow();
    }

    static long viewReads(PlanResult result) {
        return result.plan().dag().nodes().stream()
                .filter(n -> n instanceof SqlViewAggregate)
                .count();
    }

    /** The plan read back from its JSON, after checking it equals the plan. */
    static InstallablePlan roundTrip(InstallablePlan plan) {
        InstallablePlan back = InstallablePlanCodec.fromJson(InstallablePlanCodec.toJson(plan));
        assertThat(back).isEqualTo(plan);
        return back;
    }

    @Test
    void windowedGroupByQueriesOverOneTableShareOneViewAndTheOthersSayWhyNot() {
        PlanResult result = plan("""
                sql_rows_per_second: 20000
                sql_groups: 50
                queries:
                  - sql: "SELECT host, quantile(0.99)(latency) FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY host"
                    every: 1m
                  - sql: "SELECT host, median(latency) AS p50 FROM requests WHERE ts > now() - INTERVAL 3 HOUR GROUP BY host ORDER BY p50 DESC LIMIT 3"
                    every: 30s
                  - sql: "SELECT host, quantile(0.99)(latency) FROM requests WHERE ts > now() - INTERVAL 1 HOUR AND code = 500 GROUP BY host"
                    every: 1m
                  - sql: "SELECT host, avg(latency) FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY host"
                    every: 1m
                  - sql: "SELECT region, approx_count_distinct(host) FROM requests WHERE ts > now() - INTERVAL 6 HOUR GROUP BY region"
                    every: 1m
                  - sql: "SELECT host, count(*) FROM requests WHERE ts > TIMESTAMP '2026-01-01 00:00:00' GROUP BY host"
                    every: 1m
                """);
        List<MaterializedView> views = result.plan().materializedViews();
        assertThat(views)
                .extracting(v -> v.state().state().family())
                .containsExactlyInAnyOrder(StateFamily.KLL, StateFamily.KLL, StateFamily.DISTINCT);
        MaterializedView kll = views.stream()
                .filter(v -> v.state().state().family() == StateFamily.KLL
                        && v.state().grouping().labels().size() == 1)
                .findFirst()
                .orElseThrow();
        assertThat(kll.paneMs()).isEqualTo(30 * S);
        assertThat(kll.state().grouping()).isEqualTo(new Grouping(Grouping.Kind.BY, List.of("host")));
        assertThat(kll.materialization().retentionMs()).isGreaterThanOrEqualTo(3 * 60 * M + 30 * S);
        String text = result.explanation().text();
        assertThat(text)
                .contains(
                        "over table requests (latency)",
                        "serves queries [0, 1]",
                        "SQL query [3]: no view keeps avg",
                        "SQL query [5]: its window does not move with now()");
        // query 2's condition on code is answered from a view keeping a state per code and host
        assertThat(views)
                .filteredOn(v -> v.state().grouping().equals(new Grouping(Grouping.Kind.BY, List.of("code", "host"))))
                .singleElement()
                .extracting(v -> v.state().state().family())
                .isEqualTo(StateFamily.KLL);
        // queries 0, 1, 2 and 4 read views in the plan's DAG: SqlViewAggregate over their aggregates
        assertThat(viewReads(result)).isEqualTo(4);
        assertThat(roundTrip(result.plan()).materializedViews())
                .extracting(MaterializedView::definitionId)
                .containsExactlyElementsOf(
                        views.stream().map(MaterializedView::definitionId).toList());
    }

    @Test
    void conditionsOnDimensionsShareOneViewKeyedByThemAndOtherConditionsSayWhyNot() {
        PlanResult result = plan("""
                sql_rows_per_second: 20000
                sql_groups: 50
                queries:
                  - sql: "SELECT host, sum(bytes) FROM requests WHERE ts > now() - INTERVAL 1 HOUR AND region = 'eu' GROUP BY host"
                    every: 1m
                  - sql: "SELECT host, sum(bytes) FROM requests WHERE region IN ('us', 'ap') AND ts > now() - INTERVAL 1 HOUR GROUP BY host"
                    every: 1m
                  - sql: "SELECT region, host, sum(bytes) FROM requests WHERE ts > now() - INTERVAL 1 HOUR AND NOT (region = 'eu' OR host <> 'a') GROUP BY region, host"
                    every: 1m
                  - sql: "SELECT host, sum(bytes) FROM requests WHERE ts > now() - INTERVAL 1 HOUR AND latency > 5 GROUP BY host"
                    every: 1m
                  - sql: "SELECT host, approx_count_distinct(region) FROM requests WHERE ts > now() - INTERVAL 1 HOUR AND region <> 'eu' GROUP BY host"
                    every: 1m
                  - sql: "SELECT time_bucket(INTERVAL '5 minutes', ts) AS t, sum(bytes) FROM requests WHERE ts > now() - INTERVAL 6 HOUR AND code >= 500 GROUP BY t"
                    every: 1m
                """);
        List<MaterializedView> views = result.plan().materializedViews();
        assertThat(views)
                .extracting(v -> v.state().grouping().labels())
                .containsExactlyInAnyOrder(List.of("host", "region"), List.of("code"));
        String text = result.explanation().text();
        assertThat(text)
                .contains(
                        "serves queries [0, 1, 2]",
                        "SQL query [3]: its condition compares latency, not a dimension",
                        "SQL query [4]: its condition compares the column it aggregates");
        assertThat(viewReads(result)).isEqualTo(4);
        roundTrip(result.plan());
    }

    @Test
    void aTimeBucketedQueryReadsTheViewOfItsOtherKeysOnPanesThatTileItsBuckets() {
        PlanResult result = plan("""
                sql_rows_per_second: 20000
                sql_groups: 50
                queries:
                  - sql: "SELECT time_bucket(INTERVAL '5 minutes', ts) AS t, host, quantile(0.99)(latency) FROM requests WHERE ts > now() - INTERVAL 6 HOUR GROUP BY t, host"
                    every: 1m
                  - sql: "SELECT host, median(latency) FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY host"
                    every: 30s
                  - sql: "SELECT date_trunc('hour', ts) AS t, sum(bytes) FROM requests WHERE ts > now() - INTERVAL 1 DAY GROUP BY t"
                    every: 10m
                """);
        List<MaterializedView> views = result.plan().materializedViews();
        assertThat(views)
                .extracting(v -> v.state().state().family())
                .containsExactlyInAnyOrder(StateFamily.KLL, StateFamily.SUM);
        MaterializedView kll = viewOf(views, StateFamily.KLL);
        assertThat(kll.state().grouping()).isEqualTo(new Grouping(Grouping.Kind.BY, List.of("host")));
        assertThat(5 * M % kll.paneMs()).isZero();
        assertThat(kll.materialization().retentionMs()).isGreaterThanOrEqualTo(6 * 60 * M);
        MaterializedView sum = viewOf(views, StateFamily.SUM);
        assertThat(sum.state().grouping()).isEqualTo(new Grouping(Grouping.Kind.BY, List.of()));
        assertThat(60 * M % sum.paneMs()).isZero();
        assertThat(result.explanation().text()).contains("serves queries [0, 1]");
        assertThat(viewReads(result)).isEqualTo(3);
        roundTrip(result.plan());
    }

    @Test
    void aSqlQueryOverAMetricSharesThePromqlQuerysPerSeriesView() {
        PlanResult result = plan("""
                series: 5000
                scrape_interval: 1s
                queries:
                  - query: quantile_over_time(0.99, x[1h])
                    every: 1m
                  - sql: "SELECT job, quantile(0.99)(value) FROM x WHERE ts > now() - INTERVAL 1 HOUR GROUP BY job"
                    every: 1m
                """);
        List<MaterializedView> views = result.plan().materializedViews();
        assertThat(views).hasSize(1);
        assertThat(views.getFirst().state().grouping()).isEqualTo(Grouping.PER_SERIES);
        assertThat(result.explanation().text()).contains("serves queries [0, 1]");
        PhysicalDag dag = result.plan().dag();
        int paneState = views.getFirst().node();
        assertThat(dag.nodes().stream().filter(n -> n instanceof ViewRangeFunction v && v.view() == paneState))
                .hasSize(1);
        assertThat(dag.nodes().stream().filter(n -> n instanceof SqlViewAggregate v && v.view() == paneState))
                .hasSize(1);
    }

    @Test
    void aSqlQueryWithConditionsOnLabelsSharesThePromqlQuerysViewOfTheSameSeries() {
        PlanResult result = plan("""
                series: 5000
                scrape_interval: 1s
                queries:
                  - query: quantile_over_time(0.99, x{job="api", env="prod"}[1h])
                    every: 1m
                  - sql: "SELECT instance, quantile(0.99)(value) FROM x WHERE env = 'prod' AND ts > now() - INTERVAL 1 HOUR AND job = 'api' GROUP BY instance"
                    every: 1m
                  - sql: "SELECT job, quantile(0.5)(value) FROM x WHERE ts > now() - INTERVAL 1 HOUR AND job IN ('api', 'db') GROUP BY job"
                    every: 1m
                """);
        List<MaterializedView> views = result.plan().materializedViews();
        assertThat(views)
                .as(result.explanation().text())
                .hasSize(2)
                .allSatisfy(v -> assertThat(v.state().grouping()).isEqualTo(Grouping.PER_SERIES));
        assertThat(result.explanation().text()).contains("serves queries [0, 1]", "serves queries [2]");
        // the equalities narrow the Scan as PromQL's matchers do; IN stays a condition over every series of x
        PhysicalDag dag = result.plan().dag();
        List<List<String>> scanned = views.stream()
                .map(v -> ((Scan) dag.node(((TimeRange) dag.node(v.state().input())).input()))
                        .matchers().stream()
                                .map(io.tessera.core.LabelMatcher::toString)
                                .toList())
                .toList();
        assertThat(scanned)
                .containsExactlyInAnyOrder(
                        List.of("__name__=\"x\"", "env=\"prod\"", "job=\"api\""), List.of("__name__=\"x\""));
    }

    @Test
    void countStarAloneGetsAViewCountingAColumnEveryRowHas() {
        Workload w = workload("""
                sql_rows_per_second: 20000
                queries:
                  - sql: "SELECT host, count(*) FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY host"
                    every: 1m
                  - sql: "SELECT region, count(*) AS n, count(bytes) FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY region"
                    every: 1m
                  - sql: "SELECT job, count(*) FROM x WHERE ts > now() - INTERVAL 1 HOUR GROUP BY job"
                    every: 1m
                """);
        PlanResult result = Planner.plan(w.withEstimates(10_000, S));
        List<MaterializedView> views = result.plan().materializedViews();
        assertThat(views)
                .hasSize(3)
                .allSatisfy(v -> assertThat(v.state().state().family()).isEqualTo(StateFamily.COUNT));
        // the first measure when the query reads no other column; the column count(bytes) counts beside count(*)
        assertThat(result.explanation().text())
                .contains("over table requests (latency)", "over table requests (bytes)");
        assertThat(views).anySatisfy(v -> assertThat(v.state().grouping()).isEqualTo(Grouping.PER_SERIES));
        // each view's window reads the column it counts
        PhysicalDag dag = result.plan().dag();
        assertThat(dag.nodes().stream()
                        .filter(n -> n instanceof TableWindow t && t.startExclusive() == Long.MIN_VALUE)
                        .map(n -> ((TableWindow) n)
                                .columns().stream().map(Column::name).toList()))
                .anySatisfy(c -> assertThat(c).contains("latency", "host"))
                .anySatisfy(c -> assertThat(c).contains("bytes", "region"));
    }

    @Test
    void everyShapeAViewCannotServeSaysWhy() {
        PlanResult result = plan("""
                sql_rows_per_second: 20000
                queries:
                  - sql: "SELECT time_bucket(INTERVAL '90 seconds', ts) AS b, sum(bytes) FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY b"
                    every: 1m
                  - sql: "SELECT host, count(*), sum(bytes) FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY host"
                    every: 1m
                  - sql: "SELECT host, sum(bytes), count(bytes) FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY host"
                    every: 1m
                  - sql: "SELECT host, latency FROM requests WHERE ts > now() - INTERVAL 1 HOUR"
                    every: 1m
                  - sql: "SELECT job, sum(value) FROM x WHERE ts > now() - INTERVAL 1 HOUR AND value > 5 GROUP BY job"
                    every: 1m
                  - sql: "SELECT host, sum(bytes) FROM requests GROUP BY host"
                    every: 1m
                  - sql: "SELECT code, sum(code) FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY code"
                    every: 1m
                """);
        assertThat(result.plan().materializedViews()).isEmpty();
        assertThat(result.explanation().text())
                .contains(
                        "SQL query [0]: its 90000 ms time buckets are not whole 60000 ms panes",
                        "SQL query [1]: its aggregates are not one function of one column",
                        "SQL query [2]: its aggregates are not one function of one column",
                        "SQL query [3]: it does not aggregate",
                        "SQL query [4]: its condition compares the samples' value, not labels",
                        "SQL query [5]: its window has no lower time bound",
                        "SQL query [6]: it groups by its aggregated column or by time");
    }

    @Test
    void aSqlQueryOverAMetricAloneGetsAPerSeriesViewAndTheCostModelCanSayNo() {
        String sql = "SELECT job, sum(value) FROM x WHERE ts > now() - INTERVAL 1 HOUR GROUP BY job";
        PlanResult busy = Planner.plan(Workload.of(List.of(WorkloadQuery.sql(sql, M, AccuracyTarget.DEFAULT)))
                .withEstimates(10_000, S));
        assertThat(busy.plan().materializedViews()).singleElement().satisfies(v -> {
            assertThat(v.state().grouping()).isEqualTo(Grouping.PER_SERIES);
            assertThat(v.state().state().family()).isEqualTo(StateFamily.SUM);
            assertThat(v.paneMs()).isEqualTo(M);
        });
        PlanResult oneOff = Planner.plan(Workload.of(List.of(WorkloadQuery.sql(sql, 0, AccuracyTarget.DEFAULT)))
                .withEstimates(10, 60 * S));
        assertThat(oneOff.plan().materializedViews()).isEmpty();
        assertThat(oneOff.explanation().text())
                .contains("no view for SUM over x (queries [0]): runs exactly at query time");
    }

    @Test
    void definitionIdsDoNotDependOnNodeIds() {
        PhysicalDag a = SqlLowering.lowerQuery(io.tessera.sql.SqlFrontend.parse(
                "SELECT host, sum(bytes) FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY host", CATALOG, 0));
        DagBuilder b = new DagBuilder();
        b.add(new NumberLiteral(1));
        b.add(new NumberLiteral(2));
        int root = new SqlLowering(b)
                .lower(io.tessera.sql.SqlFrontend.parse(
                        "SELECT host, sum(bytes) FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY host",
                        CATALOG,
                        0));
        b.root(root);
        PhysicalDag shifted = b.build();
        assertThat(DefinitionIds.of(shifted, root))
                .isEqualTo(DefinitionIds.of(a, a.roots().getFirst()));
        PhysicalDag other = SqlLowering.lowerQuery(io.tessera.sql.SqlFrontend.parse(
                "SELECT host, sum(bytes) FROM requests WHERE ts > now() - INTERVAL 2 HOUR GROUP BY host", CATALOG, 0));
        assertThat(DefinitionIds.of(other, other.roots().getFirst()))
                .isNotEqualTo(DefinitionIds.of(a, a.roots().getFirst()));
    }
}
