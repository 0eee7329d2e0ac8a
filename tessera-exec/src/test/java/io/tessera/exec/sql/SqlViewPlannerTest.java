package io.tessera.exec.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.TableCatalog;
import io.tessera.exec.InMemoryDataStore;
import io.tessera.exec.QueryLimits;
import io.tessera.exec.RunContext;
import io.tessera.sql.AggregateFunction;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlViewPlannerTest {

    static final TableCatalog CATALOG = TableCatalog.of(SqlTestTable.SCHEMA);

    @Test
    void queriesNeedingTheSameStatesShareOneViewAndTheRestSayWhyNot() {
        List<String> queries = List.of(
                "SELECT host, quantile(0.99)(latency) FROM events WHERE ts > now() - INTERVAL '1 hour' GROUP BY host",
                "SELECT host, median(latency), quantile(0.9)(latency) FROM events WHERE ts > now() - INTERVAL '3 hours' GROUP BY host",
                "SELECT region, code, approx_count_distinct(shard) FROM events WHERE ts > now() - INTERVAL '1 hour' AND ts <= now() GROUP BY 1, 2",
                "SELECT host, quantile(0.99)(latency) FROM events WHERE ts > now() - INTERVAL '1 hour' AND code = 500 GROUP BY host",
                "SELECT host, sum(bytes), max(bytes) FROM events WHERE ts > now() - INTERVAL '1 hour' GROUP BY host",
                "SELECT host, sum(bytes) FROM events WHERE ts > TIMESTAMP '2024-03-01 00:00:00' GROUP BY host");
        List<SqlViewPlanner.Choice> choices = SqlViewPlanner.plan(queries, CATALOG, 60_000, 86_400_000L);
        assertThat(choices.get(0).view()).isEqualTo(choices.get(1).view());
        assertThat(choices.get(0).view().paneMs()).isEqualTo(60_000);
        assertThat(choices.get(2).view().keys()).containsExactly("region", "code");
        assertThat(choices.get(2).view().function()).isEqualTo(AggregateFunction.APPROX_COUNT_DISTINCT);
        assertThat(choices.get(3).reason()).isEqualTo("has conditions besides the time window");
        assertThat(choices.get(4).reason()).isEqualTo("its aggregates are not one function of one column");
        assertThat(choices.get(5).reason()).isEqualTo("its window does not move with now()");
        List<SqlView> views = SqlViewPlanner.views(choices);
        assertThat(views).hasSize(2);

        SqlTestTable data = new SqlTestTable(50_000, 4, true);
        InMemoryDataStore store = new InMemoryDataStore().putTable(SqlTestTable.SCHEMA, data.batch());
        long from = SqlTestTable.BASE;
        long to = SqlTestTable.BASE + SqlTestTable.SPAN;
        for (SqlView v : views) {
            SqlViewBuilder.build(
                    v,
                    SqlTestTable.SCHEMA,
                    store,
                    store,
                    from,
                    to,
                    new RunContext(0, to, 60_000, QueryLimits.DEFAULTS));
        }
        SqlEngine engine = new SqlEngine();
        for (int i = 0; i < 3; i++) {
            SqlResult r = engine.execute(
                    queries.get(i),
                    store,
                    CATALOG,
                    new RunContext(0, to - 12_345, 60_000, QueryLimits.DEFAULTS),
                    views);
            String expected = "answered from view " + choices.get(i).view().definitionId();
            assertThat(r.infos()).as(queries.get(i)).anyMatch(s -> s.contains(expected));
            assertThat(r.rows()).isNotEmpty();
        }
    }
}
