package io.tessera.exec.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.sketch.FrequentState;
import io.tessera.sql.AggregateFunction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * topK from a view (Count-Min with a heap per group and pane): approximate, with the stated
 * additive bound. The guarantee checked against counts made here: every value returned has a
 * true count of at least the true k-th count minus epsilon times the group's rows.
 */
class TopKViewTest {

    static final SqlView TOP_HOSTS = new SqlView(
            "events", List.of("region"), AggregateFunction.TOP_K, "host", SqlViewTest.PANE, SqlTestTable.SPAN);
    static final SqlView TOP_CODES = new SqlView(
            "events", List.of("region"), AggregateFunction.TOP_K, "code", SqlViewTest.PANE, SqlTestTable.SPAN);
    static final InMemoryDataStore STORE = store();

    static InMemoryDataStore store() {
        InMemoryDataStore store = new InMemoryDataStore().putTable(SqlTestTable.SCHEMA, SqlViewTest.DATA.batch());
        for (SqlView v : List.of(TOP_HOSTS, TOP_CODES)) {
            SqlViewTest.build(v, store);
        }
        return store;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 5})
    void topKFromAViewIsWithinItsAdditiveBound(int k) {
        SqlEngine engine = new SqlEngine();
        for (String column : List.of("host", "code")) {
            for (int step = 0; step < 4; step++) {
                long now = SqlViewTest.TO - 7_777 - step * 611_111L;
                String sql = "SELECT region, topK(" + k + ")(" + column
                        + ") AS top FROM events WHERE ts > now() - INTERVAL '2 hours' "
                        + "AND ts <= now() GROUP BY region";
                SqlResult r = engine.execute(
                        sql, STORE, SqlViewTest.CATALOG, SqlViewTest.ctx(now), List.of(TOP_HOSTS, TOP_CODES));
                assertThat(r.infos()).anyMatch(s -> s.contains("answered from view"));
                assertThat(r.approximate()).isTrue();
                assertThat(r.errorBound().error()).isEqualTo(FrequentState.DEFAULT_EPSILON);
                Map<String, Map<Object, Long>> counts = new HashMap<>();
                Map<String, Long> rows = new HashMap<>();
                SqlTestTable d = SqlViewTest.DATA;
                for (int i = 0; i < d.rows; i++) {
                    if (d.ts[i] > now - 7_200_000L && d.ts[i] <= now) {
                        Object v = column.equals("host") ? d.host[i] : (Object) d.code[i];
                        counts.computeIfAbsent(d.region[i], x -> new HashMap<>())
                                .merge(v, 1L, Long::sum);
                        rows.merge(d.region[i], 1L, Long::sum);
                    }
                }
                assertThat(r.rows()).hasSize(counts.size());
                for (Object[] row : r.rows()) {
                    Map<Object, Long> c = counts.get((String) row[0]);
                    List<Long> sorted = new ArrayList<>(c.values());
                    sorted.sort((a, b) -> Long.compare(b, a));
                    long kth = sorted.get(Math.min(k, sorted.size()) - 1);
                    double slack = r.errorBound().error() * rows.get((String) row[0]);
                    List<?> top = (List<?>) row[1];
                    assertThat(top).hasSize(Math.min(k, c.size()));
                    for (Object v : top) {
                        assertThat(c).containsKey(v);
                        assertThat((double) c.get(v)).as("%s in %s", v, row[0]).isGreaterThanOrEqualTo(kth - slack);
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {101, 500})
    void aKAboveTheHeapIsAnsweredExactly(int k) {
        String sql = "SELECT region, topK(" + k
                + ")(host) AS top FROM events WHERE ts > now() - INTERVAL '1 hour' AND ts <= now() "
                + "GROUP BY region";
        SqlResult r = new SqlEngine()
                .execute(sql, STORE, SqlViewTest.CATALOG, SqlViewTest.ctx(SqlViewTest.TO - 1), List.of(TOP_HOSTS));
        assertThat(r.approximate()).isFalse();
        assertThat(r.infos()).noneMatch(s -> s.contains("answered from view"));
    }
}
