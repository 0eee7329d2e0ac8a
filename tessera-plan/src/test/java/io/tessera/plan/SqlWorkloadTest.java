package io.tessera.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.InvalidInputException;
import io.tessera.plan.workload.Workload;
import io.tessera.plan.workload.WorkloadQuery;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlWorkloadTest {

    @Test
    void sqlEntriesSitNextToPromqlEntries() {
        Workload w = Workload.parse("""
                sql_rows_per_second: 5000
                sql_groups: 200
                queries:
                  - query: sum_over_time(x[1h])
                    every: 30s
                  - sql: "SELECT host, quantile(0.99)(latency) FROM requests WHERE ts > now() - INTERVAL 1 HOUR GROUP BY host"
                    every: 1m
                    accuracy: {quantile: 0.005}
                  - sql: "SELECT job, sum(value) FROM x WHERE ts > now() - INTERVAL 10 MINUTE GROUP BY job"
                """, SqlPlanningTest.CATALOG);
        assertThat(w.queries())
                .extracting(WorkloadQuery::language)
                .containsExactly(WorkloadQuery.Language.PROMQL, WorkloadQuery.Language.SQL, WorkloadQuery.Language.SQL);
        WorkloadQuery q = w.queries().get(1);
        assertThat(q.everyMs()).isEqualTo(60_000);
        assertThat(q.accuracy().quantileRankError()).isEqualTo(0.005);
        assertThat(q.type()).isEqualTo(WorkloadQuery.Type.INSTANT);
        assertThat(w.queries().get(2).periodic()).isFalse();
        assertThat(w.sqlRowsPerSecond()).isEqualTo(5000);
        assertThat(w.sqlGroups()).isEqualTo(200);
        assertThat(w.catalog()).isEqualTo(SqlPlanningTest.CATALOG);
        assertThat(Workload.parse("queries: [{query: x}]").sqlRowsPerSecond())
                .isEqualTo(Workload.DEFAULT_SQL_ROWS_PER_SECOND);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                // a key a SQL entry does not take
                "{sql: 'SELECT count(*) FROM requests', type: range}|workload.queries[0]: unknown key 'type' (known: accuracy, every, sql)",
                "{sql: 'SELECT count(*) FROM requests', aligned: true}|workload.queries[0]: unknown key 'aligned'",
                "{sql: 'SELECT count(*) FROM requests', evry: 1m}|workload.queries[0]: unknown key 'evry'",
                "{sql: 'SELECT count(*) FROM requests', query: x}|workload.queries[0]: an entry has either 'query' (PromQL) or 'sql', not both",
                // the frontend's own errors, with the entry's path
                "{sql: 'SELEC count(*) FROM requests'}|workload.queries[0].sql: SQL syntax error",
                "{sql: 'SELECT nope FROM requests'}|workload.queries[0].sql: unknown column",
                "{sql: 'SELECT count(*) FROM requests JOIN x ON a = b'}|workload.queries[0].sql: unsupported SQL: JOIN",
                "{sql: 'SELECT * FROM requests UNION SELECT * FROM requests'}|workload.queries[0].sql: unsupported SQL",
                "{sql: ''}|workload.queries[0].sql: expected a SQL query",
                "{sql: 42}|workload.queries[0].sql: expected a SQL query",
                "{sql: 'SELECT count(*) FROM requests', every: 1}|workload.queries[0].every: expected a duration",
                "{sql: 'SELECT count(*) FROM requests', accuracy: {rank: 0.1}}|workload.queries[0].accuracy: unknown key 'rank'",
            })
    void badSqlEntriesAreRejectedWithTheirPath(String entry, String message) {
        assertThatThrownBy(() -> Workload.parse("queries: [" + entry + "]", SqlPlanningTest.CATALOG))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining(message);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "sql_rows_per_second: 0|workload.sql_rows_per_second: expected a positive integer",
                "sql_groups: many|workload.sql_groups: expected a positive integer",
            })
    void workloadLevelSqlEstimatesArePositiveIntegers(String estimate, String message) {
        assertThatThrownBy(() -> Workload.parse(estimate + "\nqueries: [{query: x}]"))
                .hasMessageContaining(message);
    }

    @Test
    void withoutACatalogEveryNameIsAMetric() {
        assertThat(Workload.parse("queries: [{sql: 'SELECT job, count(value) FROM up GROUP BY job'}]")
                        .queries())
                .hasSize(1);
        assertThatThrownBy(() -> Workload.parse(
                        "queries: [{sql: 'SELECT host, quantile(0.99)(latency) FROM requests GROUP BY host'}]"))
                .hasMessageContaining("workload.queries[0].sql: ");
    }
}
