package io.tessera.exec.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.TableCatalog;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.sql.AggregateFunction;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** View-backed SQL answers against the exact engine on the same data, windows off the pane grid. */
class SqlViewTest {

    static final long PANE = 5 * 60_000L;
    static final SqlTestTable DATA = new SqlTestTable(200_000, 9, true);
    static final TableCatalog CATALOG = TableCatalog.of(SqlTestTable.SCHEMA);
    static final long FROM = SqlTestTable.BASE;
    static final long TO = SqlTestTable.BASE + SqlTestTable.SPAN;
    static final SqlView QUANTILES =
            new SqlView("events", List.of("host"), AggregateFunction.QUANTILE, "latency", PANE, SqlTestTable.SPAN);
    static final SqlView DISTINCT = new SqlView(
            "events",
            List.of("region", "code"),
            AggregateFunction.APPROX_COUNT_DISTINCT,
            "shard",
            PANE,
            SqlTestTable.SPAN);
    static final SqlView SUMS =
            new SqlView("events", List.of("region"), AggregateFunction.SUM, "bytes", PANE, SqlTestTable.SPAN);

    static InMemoryDataStore store() {
        InMemoryDataStore store = new InMemoryDataStore().putTable(SqlTestTable.SCHEMA, DATA.batch());
        for (SqlView v : List.of(QUANTILES, DISTINCT, SUMS)) {
            build(v, store);
        }
        return store;
    }

    /** Builds {@code view}'s panes of the whole table in {@code store}. */
    static void build(SqlView view, InMemoryDataStore store) {
        SqlViewBuilder.build(view, SqlTestTable.SCHEMA, store, store, FROM, TO, ctx(TO));
    }

    static final InMemoryDataStore STORE = store();

    static RunContext ctx(long now) {
        return new RunContext(0, now, 60_000, QueryLimits.DEFAULTS);
    }

    static final SqlEngine ENGINE = new SqlEngine();

    static SqlResult viewed(InMemoryDataStore store, String sql, long now) {
        return ENGINE.execute(sql, store, CATALOG, ctx(now), List.of(QUANTILES, DISTINCT, SUMS));
    }

    static SqlResult exact(InMemoryDataStore store, String sql, long now) {
        return ENGINE.execute(sql, store, CATALOG, ctx(now));
    }

    static Map<Object, Object[]> byKey(SqlResult r, int keys) {
        Map<Object, Object[]> m = new HashMap<>();
        for (Object[] row : r.rows()) {
            m.put(keys == 1 ? row[0] : List.of(Arrays.copyOf(row, keys)), row);
        }
        return m;
    }

    /** The answer to {@code sql} at {@code now} from {@link #SUMS}, checked to have the exact answer's rows by region. */
    private static SqlResult sumsEqualToTheExactAnswer(String sql, long now) {
        SqlResult v = viewed(STORE, sql, now);
        assertThat(v.infos()).anyMatch(s -> s.contains("answered from view " + SUMS.definitionId()));
        Map<Object, Object[]> e = byKey(exact(STORE, sql, now), 1);
        assertThat(byKey(v, 1).keySet()).isEqualTo(e.keySet());
        byKey(v, 1).forEach((k, row) -> assertThat(row).as("region " + k).containsExactly(e.get(k)));
        return v;
    }

    @Test
    void sumsFromPanesAndRawEdgesEqualTheExactAnswer() {
        SqlResult v = sumsEqualToTheExactAnswer(
                "SELECT region, sum(bytes) FROM events WHERE ts > now() - INTERVAL '1 hour' AND ts <= now() GROUP BY region",
                TO - 17_345);
        assertThat(v.approximate()).isFalse();
        assertThat(byKey(v, 1)).hasSize(5);
    }

    @Test
    void aWindowWithoutUpperBoundTakesRowsAfterNowFromRawData() {
        sumsEqualToTheExactAnswer(
                "SELECT region, sum(bytes) FROM events WHERE ts > now() - INTERVAL '1 hour' GROUP BY region",
                TO - 2 * 3_600_000L - 4_321);
    }

    @Test
    void quantilesAreWithinTheirRankErrorOfTheExactDistribution() {
        InMemoryDataStore store = STORE;
        long now = TO - 61_234;
        for (double q : new double[] {0.5, 0.9, 0.99}) {
            String sql = "SELECT host, quantile(" + q
                    + ")(latency) FROM events WHERE ts > now() - INTERVAL '3 hours' AND ts <= now() GROUP BY host";
            SqlResult v = viewed(store, sql, now);
            assertThat(v.infos()).anyMatch(s -> s.contains("answered from view"));
            Map<String, double[]> latencies = DATA.sortedLatenciesByHost(now - 3 * 3_600_000L, now);
            assertThat(v.rows()).hasSize(latencies.size());
            double bound = v.approximate() ? v.errorBound().error() : 0;
            for (Object[] row : v.rows()) {
                double[] sorted = latencies.get((String) row[0]);
                double answer = (Double) row[1];
                assertThat(RankError.of(sorted, answer, q))
                        .as("host " + row[0] + " q=" + q + " n=" + sorted.length)
                        .isLessThanOrEqualTo(bound + 1.0 / sorted.length);
            }
        }
    }

    @Test
    void distinctCountsAreWithinTheirStatedBound() {
        InMemoryDataStore store = STORE;
        long now = TO - 1;
        String sql =
                "SELECT region, code, approx_count_distinct(shard) FROM events WHERE ts > now() - INTERVAL '2 hours' AND ts <= now() GROUP BY region, code";
        SqlResult v = viewed(store, sql, now);
        assertThat(v.approximate()).isTrue();
        Map<Object, Object[]> e =
                byKey(exact(store, sql.replace("approx_count_distinct(shard)", "count(DISTINCT shard)"), now), 2);
        assertThat(byKey(v, 2).keySet()).isEqualTo(e.keySet());
        int outside = 0;
        for (Map.Entry<Object, Object[]> row : byKey(v, 2).entrySet()) {
            double exact = ((Long) e.get(row.getKey())[2]).doubleValue();
            double error = Math.abs((Long) row.getValue()[2] - exact);
            assertThat(error).isLessThanOrEqualTo(2 * v.errorBound().error() * exact + 1);
            outside += error > v.errorBound().error() * exact + 0.5 ? 1 : 0;
        }
        assertThat((double) outside / e.size())
                .isLessThanOrEqualTo(1 - v.errorBound().confidence() + 0.05);
    }

    @Test
    void panesPastTheBuiltOnesAreBuiltFromRawRowsAndTheRestReadFromTheView() {
        InMemoryDataStore store = STORE;
        long now = TO + 3 * PANE + 5;
        String sql =
                "SELECT region, sum(bytes) FROM events WHERE ts > now() - INTERVAL '1 hour' AND ts <= now() GROUP BY region";
        SqlResult v = viewed(store, sql, now);
        assertThat(v.infos())
                .anyMatch(s -> s.contains("answered from view"))
                .anyMatch(s -> s.contains("3 of 11 panes of view") && s.contains("answered exactly from raw rows"));
        Map<Object, Object[]> e = byKey(exact(store, sql, now), 1);
        byKey(v, 1).forEach((k, row) -> assertThat(row).containsExactly(e.get(k)));
    }

    @Test
    void aWindowReachingFarPastTheBuiltPanesIsAnsweredExactlyAndSaysSo() {
        InMemoryDataStore store = STORE;
        long now = TO + (UsablePanes.MAX_EXACT_PANES + 4) * PANE + 5;
        String sql =
                "SELECT region, sum(bytes) FROM events WHERE ts > now() - INTERVAL '2 hours' AND ts <= now() GROUP BY region";
        SqlResult v = viewed(store, sql, now);
        assertThat(v.infos()).anyMatch(s -> s.contains("answered exactly from raw data, not from a view"));
        Map<Object, Object[]> e = byKey(exact(store, sql, now), 1);
        byKey(v, 1).forEach((k, row) -> assertThat(row).containsExactly(e.get(k)));
    }
}
