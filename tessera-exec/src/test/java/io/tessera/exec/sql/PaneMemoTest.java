package io.tessera.exec.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.exec.memory.InMemoryDataStore;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An engine that keeps the panes' merge between evaluations answers exactly as a new engine
 * does, as {@code now} moves across pane boundaries and when the store's panes are rebuilt.
 */
class PaneMemoTest {

    static final List<SqlView> VIEWS = List.of(SqlViewTest.QUANTILES, SqlViewTest.DISTINCT, SqlViewTest.SUMS);

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT host, quantile(0.9)(latency) AS q90, median(latency) AS q50 FROM events WHERE ts > now() - INTERVAL '2 hours' AND ts <= now() GROUP BY host",
                "SELECT host, quantile(0.99)(latency) AS q99 FROM events WHERE ts > now() - INTERVAL '20 minutes' AND ts <= now() GROUP BY host",
                "SELECT region, code, approx_count_distinct(shard) FROM events WHERE ts > now() - INTERVAL '1 hour' AND ts <= now() GROUP BY region, code",
                "SELECT region, sum(bytes) FROM events WHERE ts > now() - INTERVAL '90 minutes' AND ts <= now() GROUP BY region",
            })
    void aKeptMergeAnswersAsAFreshOneWhileNowMoves(String sql) {
        SqlEngine kept = new SqlEngine();
        for (int i = 0; i < 14; i++) {
            long now = SqlViewTest.TO - 2 * 3_600_000L + i * 97_531L;
            SqlResult again = kept.execute(sql, SqlViewTest.STORE, SqlViewTest.CATALOG, SqlViewTest.ctx(now), VIEWS);
            SqlResult fresh =
                    new SqlEngine().execute(sql, SqlViewTest.STORE, SqlViewTest.CATALOG, SqlViewTest.ctx(now), VIEWS);
            assertThat(again.infos()).anyMatch(s -> s.contains("answered from view"));
            assertThat(again.errorBound()).isEqualTo(fresh.errorBound());
            if (sql.contains("quantile")) {
                // KLL compaction is randomized: a merge made afresh may differ within the bound
                withinRankBound(again, SqlViewTest.DATA, sql.contains("2 hours") ? 2 * 3_600_000L : 20 * 60_000L, now);
                withinRankBound(fresh, SqlViewTest.DATA, sql.contains("2 hours") ? 2 * 3_600_000L : 20 * 60_000L, now);
            } else {
                assertThat(again.rows()).as("now=%d", now).containsExactlyInAnyOrderElementsOf(fresh.rows());
            }
        }
    }

    /** Few rows: every pane holds all of its values, so the slid parts are every value of the window and the answers exact. */
    @org.junit.jupiter.api.Test
    void exactQuantilePartsSlideToTheExactAnswer() {
        SqlTestTable few = new SqlTestTable(20_000, 5, true);
        InMemoryDataStore store = new InMemoryDataStore().putTable(SqlTestTable.SCHEMA, few.batch());
        SqlViewTest.build(SqlViewTest.QUANTILES, store);
        String sql = "SELECT host, quantile(0.9)(latency) AS q90, median(latency) AS q50 FROM events "
                + "WHERE ts > now() - INTERVAL '1 hour' AND ts <= now() GROUP BY host";
        SqlEngine kept = new SqlEngine();
        for (int i = 0; i < 20; i++) {
            long now = SqlViewTest.TO - 2 * 3_600_000L + i * 97_531L;
            SqlResult slid =
                    kept.execute(sql, store, SqlViewTest.CATALOG, SqlViewTest.ctx(now), List.of(SqlViewTest.QUANTILES));
            SqlResult exact = new SqlEngine().execute(sql, store, SqlViewTest.CATALOG, SqlViewTest.ctx(now));
            assertThat(slid.infos()).anyMatch(s -> s.contains("answered from view"));
            assertThat(slid.approximate()).isFalse();
            assertThat(slid.rows()).as("now=%d", now).containsExactlyInAnyOrderElementsOf(exact.rows());
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT region, sum(bytes) FROM events WHERE ts > now() - INTERVAL '1 hour' AND ts <= now() GROUP BY region",
                "SELECT host, quantile(0.5)(latency) AS q50 FROM events WHERE ts > now() - INTERVAL '1 hour' AND ts <= now() GROUP BY host",
            })
    void rebuiltPanesAreMergedAfresh(String sql) {
        SqlEngine kept = new SqlEngine();
        long now = SqlViewTest.TO - 12_345;
        SqlTestTable other = new SqlTestTable(50_000, 77, true);
        InMemoryDataStore second = new InMemoryDataStore().putTable(SqlTestTable.SCHEMA, other.batch());
        for (SqlView v : VIEWS) {
            SqlViewTest.build(v, second);
        }
        SqlResult first = kept.execute(sql, SqlViewTest.STORE, SqlViewTest.CATALOG, SqlViewTest.ctx(now), VIEWS);
        SqlResult onSecond = kept.execute(sql, second, SqlViewTest.CATALOG, SqlViewTest.ctx(now), VIEWS);
        SqlResult exactSecond = new SqlEngine().execute(sql, second, SqlViewTest.CATALOG, SqlViewTest.ctx(now));
        assertThat(onSecond.rows()).isNotEqualTo(first.rows());
        if (!onSecond.approximate()) {
            assertThat(onSecond.rows()).containsExactlyInAnyOrderElementsOf(exactSecond.rows());
        }
        withinRankBound(onSecond, other, 3_600_000L, now);
    }

    /** Every quantile column of {@code r} (host first, then columns named q50, q90…) within its stated rank bound of the true distribution of the window. */
    static void withinRankBound(SqlResult r, SqlTestTable data, long window, long now) {
        if (!r.columnNames().get(1).startsWith("q")) {
            return;
        }
        java.util.Map<String, double[]> latencies = data.sortedLatenciesByHost(now - window, now);
        assertThat(r.rows()).hasSize(latencies.size());
        double bound = r.approximate() ? r.errorBound().error() : 0;
        for (Object[] row : r.rows()) {
            double[] sorted = latencies.get((String) row[0]);
            for (int c = 1; c < row.length; c++) {
                double q = Integer.parseInt(r.columnNames().get(c).substring(1)) / 100.0;
                double answer = (Double) row[c];
                assertThat(RankError.of(sorted, answer, q))
                        .as("host %s q=%s n=%d", row[0], q, sorted.length)
                        .isLessThanOrEqualTo(bound + 1.0 / sorted.length);
            }
        }
    }
}
