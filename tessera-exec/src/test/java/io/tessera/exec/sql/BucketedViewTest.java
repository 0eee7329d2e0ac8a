package io.tessera.exec.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.TableCatalog;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.sql.AggregateFunction;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Time-bucketed GROUP BY queries answered from views, against DuckDB on the same rows: exact
 * families equal, quantiles within the rank bound the answer states (ranks among DuckDB's values
 * of each bucket and group), distinct counts within theirs. One host holds a third of the rows so
 * its panes are sketched; some rows sit exactly on bucket boundaries (a bucket is left-closed, a
 * pane left-open); one pane is not built, so it comes from raw rows.
 */
class BucketedViewTest {

    static final long PANE = 5 * 60_000L;
    static final long FROM = SqlTestTable.BASE;
    static final long TO = SqlTestTable.BASE + SqlTestTable.SPAN;
    static final long UNBUILT = FROM + 2 * 3_600_000L;
    static final SqlTestTable DATA = data();
    static final TableCatalog CATALOG = TableCatalog.of(SqlTestTable.SCHEMA);
    static final SqlView QUANTILES = SqlViewTest.QUANTILES;
    static final SqlView DISTINCT = SqlViewTest.DISTINCT;
    static final SqlView SUMS = SqlViewTest.SUMS;
    static final SqlView COUNTS =
            new SqlView("events", List.of("host"), AggregateFunction.COUNT, "latency", PANE, SqlTestTable.SPAN);
    static final List<SqlView> VIEWS = List.of(QUANTILES, DISTINCT, SUMS, COUNTS);
    static final InMemoryDataStore STORE = store();
    static final long NOW = TO - 23_457;

    @AutoClose
    static Connection duck;

    private static SqlTestTable data() {
        SqlTestTable t = new SqlTestTable(300_000, 17, true);
        for (int i = 0; i < t.rows; i++) {
            if (i % 3 == 0) {
                t.host[i] = "host-0";
                t.region[i] = SqlTestTable.REGIONS[0];
            }
            if (i % 997 == 0) {
                t.ts[i] = Math.floorDiv(t.ts[i], PANE) * PANE;
            }
        }
        Arrays.sort(t.ts);
        return t;
    }

    private static InMemoryDataStore store() {
        return store(DATA, VIEWS);
    }

    /** A store of {@code data} with {@code views} built over {@code (FROM, TO]} but for the pane after {@link #UNBUILT}. */
    static InMemoryDataStore store(SqlTestTable data, List<SqlView> views) {
        InMemoryDataStore store = new InMemoryDataStore().putTable(SqlTestTable.SCHEMA, data.batch());
        for (SqlView v : views) {
            SqlViewBuilder.build(v, SqlTestTable.SCHEMA, store, store, FROM, UNBUILT, ctx(TO));
            SqlViewBuilder.build(v, SqlTestTable.SCHEMA, store, store, UNBUILT + PANE, TO, ctx(TO));
        }
        return store;
    }

    @BeforeAll
    static void load() throws Exception {
        duck = DATA.newDuckDb();
    }

    static RunContext ctx(long now) {
        return new RunContext(0, now, 60_000, QueryLimits.DEFAULTS);
    }

    static SqlResult viewed(String sql, long now) {
        SqlResult r = new SqlEngine().execute(sql, STORE, CATALOG, ctx(now), VIEWS);
        assertThat(r.infos()).as(sql).anyMatch(s -> s.contains("answered from view") && s.contains("buckets"));
        return r;
    }

    /** DuckDB's rows keyed by the bucket (epoch ms) and the text of the other keys; the rest of each row as objects. */
    static Map<List<Object>, Object[]> duckRows(String sql, long now, int keys) throws Exception {
        Map<List<Object>, Object[]> out = new HashMap<>();
        try (Statement s = duck.createStatement();
                ResultSet rs = s.executeQuery(sql.replace("now()", "epoch_ms(" + now + ")"))) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                Object[] row = new Object[n];
                for (int c = 0; c < n; c++) {
                    row[c] = c == 0
                            ? rs.getObject(1, LocalDateTime.class)
                                    .toInstant(ZoneOffset.UTC)
                                    .toEpochMilli()
                            : rs.getObject(c + 1) instanceof java.sql.Array a ? a.getArray() : rs.getObject(c + 1);
                }
                out.put(key(row, keys), row);
            }
        }
        return out;
    }

    static List<Object> key(Object[] row, int keys) {
        Object[] k = new Object[keys];
        for (int i = 0; i < keys; i++) {
            k[i] = i == 0
                    ? ((Number) row[0]).longValue()
                    : row[i] instanceof Number n ? (Object) n.longValue() : row[i].toString();
        }
        return List.of(k);
    }

    static Map<List<Object>, Object[]> byKey(SqlResult r, int keys) {
        Map<List<Object>, Object[]> m = new HashMap<>();
        for (Object[] row : r.rows()) {
            m.put(key(row, keys), row);
        }
        return m;
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "time_bucket(INTERVAL '5 minutes', ts)",
                "time_bucket(INTERVAL '15 minutes', ts)",
                "date_trunc('hour', ts)"
            })
    void exactFamiliesEqualDuckDb(String bucket) throws Exception {
        Map<String, Long> windows = Map.of(
                "ts > now() - INTERVAL '3 hours' AND ts <= now()",
                3 * 3_600_000L,
                "ts > now() - INTERVAL 6 HOUR",
                6 * 3_600_000L,
                "ts > now() - INTERVAL '150 minutes'",
                150 * 60_000L);
        for (Map.Entry<String, Long> w : windows.entrySet()) {
            String window = w.getKey();
            for (long now : new long[] {NOW, TO - 2 * 3_600_000L - 4_321, TO - 3 * 3_600_000L + 1}) {
                if (now - w.getValue() < FROM) {
                    continue;
                }
                for (String[] q : new String[][] {{"region", "sum(bytes)"}, {"host", "count(latency)"}}) {
                    String sql = "SELECT " + bucket + " AS t, " + q[0] + ", " + q[1] + " AS v FROM events WHERE "
                            + window + " GROUP BY t, " + q[0];
                    SqlResult mine = viewed(sql, now);
                    assertThat(mine.approximate()).isFalse();
                    Map<List<Object>, Object[]> exact = duckRows(sql, now, 2);
                    Map<List<Object>, Object[]> got = byKey(mine, 2);
                    assertThat(got.keySet()).as(sql + " at " + now).isEqualTo(exact.keySet());
                    for (Map.Entry<List<Object>, Object[]> e : exact.entrySet()) {
                        double want = ((Number) e.getValue()[2]).doubleValue();
                        double have = ((Number) got.get(e.getKey())[2]).doubleValue();
                        assertThat(Math.abs(have - want))
                                .as(sql + " " + e.getKey())
                                .isLessThanOrEqualTo(1e-9 * Math.abs(want));
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"time_bucket(INTERVAL '5 minutes', ts)", "date_trunc('hour', ts)"})
    void quantilesAreWithinTheStatedRankBoundOfDuckDbsValues(String bucket) throws Exception {
        for (double q : new double[] {0.5, 0.99}) {
            String sql = "SELECT " + bucket + " AS t, host, quantile(" + q + ")(latency) AS v FROM events "
                    + "WHERE ts > now() - INTERVAL 6 HOUR GROUP BY t, host";
            SqlResult mine = viewed(sql, NOW);
            assertThat(mine.approximate()).as("host-0's panes are sketched").isTrue();
            assertThat(withinRankBound(mine, sql, q, NOW))
                    .as("groups small enough to be exact")
                    .isGreaterThan(10);
        }
    }

    /** Checks each (bucket, host) quantile of {@code mine} against DuckDB's values; the number of groups answered exactly. */
    static int withinRankBound(SqlResult mine, String sql, double q, long now) throws Exception {
        double bound = mine.errorBound().error();
        Map<List<Object>, Object[]> values =
                duckRows(sql.replace("quantile(" + q + ")(latency)", "list(latency ORDER BY latency)"), now, 2);
        Map<List<Object>, Object[]> exact =
                duckRows(sql.replace("quantile(" + q + ")(latency)", "quantile_cont(latency, " + q + ")"), now, 2);
        Map<List<Object>, Object[]> got = byKey(mine, 2);
        assertThat(got.keySet()).isEqualTo(values.keySet());
        int exactGroups = 0;
        for (Map.Entry<List<Object>, Object[]> e : values.entrySet()) {
            Object[] sorted = (Object[]) e.getValue()[2];
            double answer = ((Number) got.get(e.getKey())[2]).doubleValue();
            if (sorted.length <= 150) {
                // a group of fewer values than a KLL state keeps exactly: the answer is DuckDB's interpolated one
                double want = ((Number) exact.get(e.getKey())[2]).doubleValue();
                assertThat(answer)
                        .as(sql + " " + e.getKey())
                        .isCloseTo(want, org.assertj.core.api.Assertions.within(1e-9 * want));
                exactGroups++;
                continue;
            }
            double[] among = new double[sorted.length];
            for (int i = 0; i < among.length; i++) {
                among[i] = ((Number) sorted[i]).doubleValue();
            }
            assertThat(RankError.of(among, answer, q))
                    .as(sql + " " + e.getKey() + " n=" + sorted.length)
                    .isLessThanOrEqualTo(bound + 1.0 / sorted.length);
        }
        return exactGroups;
    }

    /**
     * One engine keeps each bucket's parts between runs: as {@code now} moves (buckets entering and
     * leaving the window, the edges moving inside them) and when another store hands out other
     * states, it answers exactly as a new engine does (a quantile within its stated rank bound of
     * DuckDB's values: merging KLL sketches afresh is randomized).
     */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT time_bucket(INTERVAL '5 minutes', ts) AS t, host, quantile(0.99)(latency) AS v FROM events",
                "SELECT time_bucket(INTERVAL '15 minutes', ts) AS t, region, code, approx_count_distinct(shard) AS v FROM events",
                "SELECT date_trunc('hour', ts) AS t, region, sum(bytes) AS v FROM events",
                "SELECT time_bucket(INTERVAL '10 minutes', ts) AS t, host, count(latency) AS v FROM events"
            })
    void aKeptEngineAnswersAsAFreshOne(String select) throws Exception {
        String keys = select.contains("region, code")
                ? "t, region, code"
                : select.contains("region") ? "t, region" : "t, host";
        String sql = select + " WHERE ts > now() - INTERVAL 2 HOUR AND ts <= now() GROUP BY " + keys;
        SqlEngine kept = new SqlEngine();
        for (int i = 0; i < 16; i++) {
            long now = NOW - 3 * 3_600_000L + i * 97_531L;
            SqlResult again = kept.execute(sql, STORE, CATALOG, ctx(now), VIEWS);
            SqlResult fresh = new SqlEngine().execute(sql, STORE, CATALOG, ctx(now), VIEWS);
            assertThat(again.infos()).anyMatch(s -> s.contains("answered from view") && s.contains("buckets"));
            if (select.contains("quantile")) {
                // KLL compaction is randomized: a part merged afresh may differ within the bound
                withinRankBound(again, sql, 0.99, now);
            } else {
                assertThat(again.rows()).as("now=%d", now).containsExactlyInAnyOrderElementsOf(fresh.rows());
                assertThat(again.errorBound()).isEqualTo(fresh.errorBound());
            }
        }
        // another shape over the same kept buckets: its own answer table, not the kept one
        String renamed = sql.replace(" AS v ", " AS w ");
        long at = NOW - 3 * 3_600_000L + 15 * 97_531L;
        SqlResult reshaped = kept.execute(renamed, STORE, CATALOG, ctx(at), VIEWS);
        assertThat(reshaped.columnNames()).contains("w");
        if (!select.contains("quantile")) {
            assertThat(reshaped.rows())
                    .containsExactlyInAnyOrderElementsOf(new SqlEngine()
                            .execute(renamed, STORE, CATALOG, ctx(at), VIEWS)
                            .rows());
        }
        SqlTestTable other = new SqlTestTable(60_000, 99, true);
        InMemoryDataStore second = new InMemoryDataStore().putTable(SqlTestTable.SCHEMA, other.batch());
        for (SqlView v : VIEWS) {
            SqlViewBuilder.build(v, SqlTestTable.SCHEMA, second, second, FROM, TO, ctx(TO));
        }
        long now = NOW - 3 * 3_600_000L + 15 * 97_531L;
        SqlResult onSecond = kept.execute(sql, second, CATALOG, ctx(now), VIEWS);
        SqlResult freshSecond = new SqlEngine().execute(sql, second, CATALOG, ctx(now), VIEWS);
        if (!select.contains("quantile")) {
            assertThat(onSecond.rows()).containsExactlyInAnyOrderElementsOf(freshSecond.rows());
        }
        assertThat(onSecond.rows())
                .isNotEqualTo(kept.execute(sql, STORE, CATALOG, ctx(now), VIEWS).rows());
    }

    @Test
    void distinctCountsAreWithinTheirStatedBound() throws Exception {
        String sql =
                "SELECT time_bucket(INTERVAL '15 minutes', ts) AS t, region, code, approx_count_distinct(shard) AS v FROM events "
                        + "WHERE ts > now() - INTERVAL 3 HOUR AND ts <= now() GROUP BY t, region, code";
        SqlResult mine = viewed(sql, NOW);
        assertThat(mine.approximate()).isTrue();
        double bound = mine.errorBound().error();
        Map<List<Object>, Object[]> exact =
                duckRows(sql.replace("approx_count_distinct(shard)", "count(DISTINCT shard)"), NOW, 3);
        Map<List<Object>, Object[]> got = byKey(mine, 3);
        assertThat(got.keySet()).isEqualTo(exact.keySet());
        int outside = 0;
        for (Map.Entry<List<Object>, Object[]> e : exact.entrySet()) {
            double want = ((Number) e.getValue()[3]).doubleValue();
            double error = Math.abs(((Number) got.get(e.getKey())[3]).doubleValue() - want);
            assertThat(error).isLessThanOrEqualTo(2 * bound * want + 1);
            outside += error > bound * want + 0.5 ? 1 : 0;
        }
        assertThat((double) outside / exact.size())
                .isLessThanOrEqualTo(1 - mine.errorBound().confidence() + 0.05);
    }

    @Test
    void countStarIsAnsweredFromAViewCountingAColumn() throws Exception {
        for (String sql : List.of(
                "SELECT time_bucket(INTERVAL '5 minutes', ts) AS t, host, count(*) AS v FROM events WHERE ts > now() - INTERVAL 6 HOUR "
                        + "GROUP BY t, host",
                "SELECT date_trunc('hour', ts) AS t, host, count(*) AS v FROM events WHERE ts > now() - INTERVAL '150 minutes' "
                        + "AND ts <= now() GROUP BY t, host")) {
            SqlResult mine = viewed(sql, NOW);
            assertThat(mine.infos()).anyMatch(s -> s.contains(COUNTS.definitionId()));
            Map<List<Object>, Object[]> exact = duckRows(sql, NOW, 2);
            Map<List<Object>, Object[]> got = byKey(mine, 2);
            assertThat(got.keySet()).isEqualTo(exact.keySet());
            exact.forEach((k, row) -> assertThat(((Number) got.get(k)[2]).longValue())
                    .as(sql + " " + k)
                    .isEqualTo(((Number) row[2]).longValue()));
        }
        String windowed =
                "SELECT host, count(*) AS v FROM events WHERE ts > now() - INTERVAL 1 HOUR AND ts <= now() GROUP BY host";
        SqlResult mine = new SqlEngine().execute(windowed, STORE, CATALOG, ctx(NOW), VIEWS);
        assertThat(mine.infos()).anyMatch(s -> s.contains("answered from view " + COUNTS.definitionId()));
        SqlResult exact = new SqlEngine().execute(windowed, STORE, CATALOG, ctx(NOW));
        Map<Object, Long> want = new HashMap<>();
        exact.rows().forEach(r -> want.put(r[0], (Long) r[1]));
        assertThat(mine.rows())
                .hasSize(want.size())
                .allSatisfy(r -> assertThat(r[1]).isEqualTo(want.get(r[0])));
    }

    @Test
    void bucketsThePanesDoNotTileRunExactly() {
        String sql = "SELECT time_bucket(INTERVAL '7 minutes', ts) AS t, region, sum(bytes) FROM events "
                + "WHERE ts > now() - INTERVAL 3 HOUR GROUP BY t, region";
        SqlResult r = new SqlEngine().execute(sql, STORE, CATALOG, ctx(NOW), VIEWS);
        assertThat(r.infos()).noneMatch(s -> s.contains("answered from view"));
        assertThat(r.rows()).isNotEmpty();
    }
}
