package io.tessera.exec.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tessera.core.Batch;
import io.tessera.core.InvalidInputException;
import io.tessera.core.Labels;
import io.tessera.core.StaleMarker;
import io.tessera.core.TableCatalog;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.sql.SqlType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SqlEngineTest {

    static final SqlEngine ENGINE = new SqlEngine();
    static final TableCatalog CATALOG = TableCatalog.of(SqlTestTable.SCHEMA);

    static SqlResult run(InMemoryDataStore store, String sql, long now) {
        return ENGINE.execute(sql, store, CATALOG, new RunContext(0, now, 60_000, QueryLimits.DEFAULTS));
    }

    @Test
    void aMetricIsATableOfItsSamplesWithLabelColumns() {
        InMemoryDataStore store = new InMemoryDataStore();
        long[] ts = {1_000, 2_000, 3_000, 4_000, 5_000};
        store.add(Labels.of("__name__", "http_requests", "job", "api", "instance", "a"), ts, new double[] {
            1, 2, 3, StaleMarker.VALUE, 5
        });
        store.add(Labels.of("__name__", "http_requests", "job", "api", "instance", "b"), ts, new double[] {
            10, 20, 30, 40, 50
        });
        store.add(Labels.of("__name__", "http_requests", "job", "web"), ts, new double[] {100, 200, 300, 400, 500});
        store.add(Labels.of("__name__", "other", "job", "api"), ts, new double[] {7, 7, 7, 7, 7});

        SqlResult r = run(
                store,
                "SELECT job, sum(value) AS s, count(*) AS n FROM http_requests WHERE ts > 1000 AND ts <= 4000 "
                        + "GROUP BY job ORDER BY job",
                0);
        assertThat(r.columnTypes()).containsExactly(SqlType.VARCHAR, SqlType.DOUBLE, SqlType.BIGINT);
        // api: a has 2, 3 (4000 is a stale marker, no row), b has 20, 30, 40; web has 200, 300, 400.
        assertThat(r.rows()).containsExactly(new Object[] {"api", 95.0, 5L}, new Object[] {"web", 900.0, 3L});

        SqlResult byInstance = run(
                store, "SELECT instance, max(value) FROM metrics.http_requests WHERE job = 'web' GROUP BY instance", 0);
        assertThat(byInstance.rows()).containsExactly(new Object[] {"", 500.0});

        SqlResult raw = run(
                store,
                "SELECT ts, value FROM \"http_requests\" WHERE instance = 'b' AND ts >= now() - INTERVAL '2 seconds' ORDER BY ts",
                5_000);
        assertThat(raw.columnTypes()).containsExactly(SqlType.TIMESTAMP, SqlType.DOUBLE);
        assertThat(raw.rows())
                .containsExactly(new Object[] {3_000L, 30.0}, new Object[] {4_000L, 40.0}, new Object[] {5_000L, 50.0});
    }

    @Test
    void anEmptyInputGivesOneRowOfNullsWithoutGroupByAndNoRowsWithIt() {
        InMemoryDataStore store =
                new InMemoryDataStore().putTable(SqlTestTable.SCHEMA, new SqlTestTable(100, 1).batch());
        String aggs =
                "count(*), count(latency), sum(bytes), avg(latency), min(host), max(ts), quantile(0.5)(latency), count(DISTINCT host)";
        SqlResult none = run(store, "SELECT " + aggs + " FROM events WHERE ts <= 0", 0);
        assertThat(none.rows()).containsExactly(new Object[] {0L, 0L, null, null, null, null, null, 0L});
        assertThat(none.columnTypes())
                .containsExactly(
                        SqlType.BIGINT,
                        SqlType.BIGINT,
                        SqlType.BIGINT,
                        SqlType.DOUBLE,
                        SqlType.VARCHAR,
                        SqlType.TIMESTAMP,
                        SqlType.DOUBLE,
                        SqlType.BIGINT);
        assertThat(run(store, "SELECT host, " + aggs + " FROM events WHERE ts <= 0 GROUP BY host", 0)
                        .rows())
                .isEmpty();
        assertThat(run(
                                store,
                                "SELECT sum(bytes) FROM events WHERE ts <= 0 HAVING sum(bytes) > 0 OR NOT sum(bytes) > 0",
                                0)
                        .rows())
                .as("a comparison with NULL is unknown, and so is its negation")
                .isEmpty();
    }

    @Test
    void groupedAggregatesMatchABruteForceComputation() {
        SqlTestTable data = new SqlTestTable(5_000, 3);
        InMemoryDataStore store = new InMemoryDataStore().putTable(SqlTestTable.SCHEMA, data.batch());
        long from = SqlTestTable.BASE + 3_600_000;
        long to = SqlTestTable.BASE + 7_200_000;
        SqlResult r = run(
                store,
                "SELECT region, count(*), sum(bytes), max(latency) FROM events WHERE ts BETWEEN epoch_ms(" + from
                        + ") AND epoch_ms(" + to + ") AND code NOT IN (500, 503) GROUP BY region",
                0);
        Map<String, long[]> expected = new TreeMap<>();
        Map<String, Double> max = new HashMap<>();
        for (int i = 0; i < data.rows; i++) {
            if (data.ts[i] >= from && data.ts[i] <= to && data.code[i] != 500 && data.code[i] != 503) {
                long[] e = expected.computeIfAbsent(data.region[i], k -> new long[2]);
                e[0]++;
                e[1] += data.bytes[i];
                max.merge(data.region[i], data.latency[i], Math::max);
            }
        }
        List<Object[]> want = new ArrayList<>();
        expected.forEach((k, v) -> want.add(new Object[] {k, v[0], v[1], max.get(k)}));
        List<Object[]> got = new ArrayList<>(r.rows());
        got.sort((a, b) -> ((String) a[0]).compareTo((String) b[0]));
        assertThat(got).containsExactlyElementsOf(want);
        assertThat(r.approximate()).isFalse();
    }

    @Test
    void approxCountDistinctSaysItIsApproximateAndHowMuch() {
        InMemoryDataStore store =
                new InMemoryDataStore().putTable(SqlTestTable.SCHEMA, new SqlTestTable(20_000, 5).batch());
        SqlResult r = run(store, "SELECT approx_count_distinct(seq) AS d FROM events", 0);
        assertThat(r.approximate()).isTrue();
        assertThat(r.errorBound().error()).isPositive();
        assertThat(((Long) r.rows().getFirst()[0]).doubleValue())
                .isCloseTo(
                        20_000,
                        org.assertj.core.data.Percentage.withPercentage(
                                100 * r.errorBound().error()));
        assertThat(r.infos()).anyMatch(s -> s.contains("approximate answer, relative error"));
    }

    @Test
    void grafanaClickHouseQueriesAnswerAsTheirStandardSpelling() {
        InMemoryDataStore store =
                new InMemoryDataStore().putTable(SqlTestTable.SCHEMA, new SqlTestTable(20_000, 8).batch());
        long from = SqlTestTable.BASE / 1000 + 600;
        long to = from + 7200;
        SqlResult clickhouse = run(
                store,
                "SELECT toStartOfInterval(toDateTime(ts), INTERVAL 5 minute) AS t, count() AS c FROM events "
                        + "WHERE ts >= toDateTime(" + from + ") AND ts <= toDateTime(" + to
                        + ") GROUP BY t ORDER BY t FORMAT JSON",
                0);
        SqlResult standard = run(
                store,
                "SELECT time_bucket(INTERVAL '5 minutes', ts) AS t, count(*) AS c FROM events "
                        + "WHERE ts BETWEEN epoch_ms(" + from * 1000 + ") AND epoch_ms(" + to * 1000
                        + ") GROUP BY t ORDER BY t",
                0);
        assertThat(clickhouse.columnTypes()).containsExactly(SqlType.TIMESTAMP, SqlType.BIGINT);
        assertThat(clickhouse.rows()).hasSizeGreaterThanOrEqualTo(24).containsExactlyElementsOf(standard.rows());
    }

    @Test
    void badQueriesFailWithTheirReason() {
        InMemoryDataStore store = new InMemoryDataStore()
                .putTable(
                        SqlTestTable.SCHEMA,
                        new Batch(
                                SqlTestTable.SCHEMA.rowSchema(),
                                0,
                                new long[0],
                                new String[0],
                                new String[0],
                                new long[0],
                                new long[0],
                                new double[0],
                                new long[0],
                                new long[0]));
        assertThatThrownBy(() -> run(store, "SELECT nope FROM events", 0))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage("unknown column \"nope\" in table \"events\"");
        assertThatThrownBy(() -> run(store, "SELECT e.host FROM events e JOIN events f ON e.seq = f.seq", 0))
                .hasMessage("unsupported SQL: JOIN");
        assertThat(run(store, "SELECT count(*) FROM events", 0).rows()).containsExactly(new Object[] {0L});
    }
}
