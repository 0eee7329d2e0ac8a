package io.tessera.exec.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.TableCatalog;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.sql.AggregateFunction;
import io.tessera.sql.SqlType;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * GROUP BY queries whose WHERE also compares dimensions, answered from views that keep a state per
 * value of their group keys and of the compared columns, against DuckDB on the same rows: seeded
 * random conditions (comparisons, IN and NOT IN, NOT, AND, OR over region and code) and groupings,
 * windows off the pane grid, one pane not built (so it comes from raw rows). Sums and counts equal
 * DuckDB's, quantiles are within the rank bound the answer states (ranks among DuckDB's values of
 * each group), distinct counts within theirs.
 */
class FilteredViewTest {

    static final long PANE = 5 * 60_000L;
    static final long FROM = SqlTestTable.BASE;
    static final long TO = SqlTestTable.BASE + SqlTestTable.SPAN;
    static final int QUERIES = 240;
    static final SqlTestTable DATA = new SqlTestTable(200_000, 23, true);
    static final TableCatalog CATALOG = TableCatalog.of(SqlTestTable.SCHEMA);
    /** Sums, counts, quantiles and distinct counts by each set of keys the generated queries read. */
    static final List<SqlView> VIEWS = views();

    static final InMemoryDataStore STORE = BucketedViewTest.store(DATA, VIEWS);

    @AutoClose
    static Connection duck;

    private static List<SqlView> views() {
        List<SqlView> views = new ArrayList<>();
        for (List<String> keys : List.of(List.of("code", "region"), List.of("region"), List.of("code"))) {
            views.add(new SqlView("events", keys, AggregateFunction.SUM, "bytes", PANE, SqlTestTable.SPAN));
            views.add(new SqlView("events", keys, AggregateFunction.COUNT, "latency", PANE, SqlTestTable.SPAN));
            views.add(new SqlView("events", keys, AggregateFunction.QUANTILE, "latency", PANE, SqlTestTable.SPAN));
            views.add(new SqlView(
                    "events", keys, AggregateFunction.APPROX_COUNT_DISTINCT, "shard", PANE, SqlTestTable.SPAN));
        }
        return List.copyOf(views);
    }

    private static SqlView sums(List<String> keys) {
        return VIEWS.stream()
                .filter(v -> v.function() == AggregateFunction.SUM && v.keys().equals(keys))
                .findFirst()
                .orElseThrow();
    }

    @BeforeAll
    static void load() throws Exception {
        duck = DATA.newDuckDb();
    }

    /** One generated query: Tessera's text, DuckDB's, its group keys and aggregate. */
    record Query(String tessera, String duck, List<String> keys, String aggregate, String condition, long now) {}

    @Test
    void generatedConditionsOnDimensionsAnsweredFromViewsAgreeWithDuckDb() throws Exception {
        Random random = new Random(5);
        int checked = 0;
        int withRows = 0;
        int estimates = 0;
        int outside = 0;
        double confidence = 1;
        for (int i = 0; i < QUERIES; i++) {
            Query q = generate(random);
            SqlResult mine = new SqlEngine().execute(q.tessera(), STORE, CATALOG, SqlViewTest.ctx(q.now()), VIEWS);
            assertThat(mine.infos())
                    .as(q.tessera())
                    .anyMatch(s -> s.contains("answered from view") && s.contains("its groups where"));
            Map<List<Object>, Object[]> mineByKey = byKey(mine.rows(), q.keys().size());
            if (q.aggregate().startsWith("quantile")) {
                checkQuantiles(q, mine, mineByKey);
            } else {
                List<SqlType> types = mine.columnTypes();
                Map<List<Object>, Object[]> theirs = byKey(
                        DuckDbOracle.query(duck, q.duck(), types), q.keys().size());
                assertThat(mineByKey.keySet()).as(q.tessera()).isEqualTo(theirs.keySet());
                int value = q.keys().size();
                for (Map.Entry<List<Object>, Object[]> row : theirs.entrySet()) {
                    Object exact = row.getValue()[value];
                    Object answer = mineByKey.get(row.getKey())[value];
                    if (q.aggregate().startsWith("approx")) {
                        confidence = Math.min(confidence, mine.errorBound().confidence());
                        double error = Math.abs(((Number) answer).doubleValue() - ((Number) exact).doubleValue());
                        double bound = mine.errorBound().error() * ((Number) exact).doubleValue() + 0.5;
                        assertThat(error)
                                .as(q.tessera() + " group " + row.getKey())
                                .isLessThanOrEqualTo(2 * bound);
                        estimates++;
                        outside += error > bound ? 1 : 0;
                    } else {
                        assertThat(answer)
                                .as(q.tessera() + " group " + row.getKey())
                                .isEqualTo(exact);
                    }
                }
            }
            checked++;
            withRows += mine.rows().isEmpty() ? 0 : 1;
        }
        System.out.printf(
                "Filtered views: %d generated queries agree with DuckDB (%d with rows), %d of %d distinct estimates "
                        + "within their stated bound%n",
                checked, withRows, estimates - outside, estimates);
        assertThat(withRows).isGreaterThan(QUERIES / 2);
        assertThat(estimates).isPositive();
        assertThat((double) outside / estimates).isLessThanOrEqualTo(1 - confidence + 0.05);
    }

    @Test
    void aQueryReadsTheViewKeyedByTheColumnsItGroupsByAndCompares() {
        String sql =
                "SELECT region, sum(bytes) FROM events WHERE ts > now() - INTERVAL '2 hours' AND region <> 'eu-west' "
                        + "GROUP BY region";
        SqlResult r = new SqlEngine().execute(sql, STORE, CATALOG, SqlViewTest.ctx(TO - 1_234), VIEWS);
        assertThat(r.infos())
                .anyMatch(s -> s.contains(
                        "answered from view " + sums(List.of("region")).definitionId() + ","));
        String byCode = sql.replace("region <> 'eu-west'", "code = 200");
        SqlResult c = new SqlEngine().execute(byCode, STORE, CATALOG, SqlViewTest.ctx(TO - 1_234), VIEWS);
        assertThat(c.infos())
                .anyMatch(s -> s.contains(
                        "answered from view " + sums(List.of("code", "region")).definitionId() + ","));
    }

    @Test
    void oneEngineKeepsTheGroupsOfEachReadingApart() throws Exception {
        SqlEngine engine = new SqlEngine();
        long now = TO - 4_321;
        for (int round = 0; round < 2; round++) {
            for (String keys : List.of("region", "code", "region, code")) {
                String sql = "SELECT " + keys
                        + ", count(latency) FROM events WHERE ts > now() - INTERVAL '1 hour' AND ts <= now() "
                        + "AND code IN (200, 500) GROUP BY " + keys;
                SqlResult mine = engine.execute(sql, STORE, CATALOG, SqlViewTest.ctx(now), VIEWS);
                assertThat(mine.infos()).anyMatch(s -> s.contains("its groups where"));
                int n = keys.split(", ").length;
                Map<List<Object>, Object[]> theirs = byKey(
                        DuckDbOracle.query(duck, sql.replace("now()", "epoch_ms(" + now + ")"), mine.columnTypes()), n);
                assertThat(byKey(mine.rows(), n)).as(sql).hasSameSizeAs(theirs);
                byKey(mine.rows(), n)
                        .forEach((k, row) -> assertThat(row).as(sql).containsExactly(theirs.get(k)));
            }
        }
    }

    @Test
    void aConditionOnAColumnNoViewKeepsIsAnsweredExactly() throws Exception {
        String sql = "SELECT region, sum(bytes) FROM events WHERE ts > now() - INTERVAL '2 hours' AND host = 'host-3' "
                + "GROUP BY region";
        SqlResult r = new SqlEngine().execute(sql, STORE, CATALOG, SqlViewTest.ctx(TO - 1_234), VIEWS);
        assertThat(r.infos()).noneMatch(s -> s.contains("answered from view"));
        Map<List<Object>, Object[]> theirs = byKey(
                DuckDbOracle.query(duck, sql.replace("now()", "epoch_ms(" + (TO - 1_234) + ")"), r.columnTypes()), 1);
        assertThat(byKey(r.rows(), 1)).hasSameSizeAs(theirs);
        byKey(r.rows(), 1).forEach((k, row) -> assertThat(row).containsExactly(theirs.get(k)));
    }

    private static Query generate(Random random) {
        List<String> keys = switch (random.nextInt(4)) {
            case 0 -> List.of();
            case 1 -> List.of("region");
            case 2 -> List.of("code");
            default -> List.of("region", "code");
        };
        String[] aggregates = {
            "sum(bytes)", "count(latency)", "count(*)", "quantile(0.9)(latency)", "approx_count_distinct(shard)"
        };
        String aggregate = aggregates[random.nextInt(aggregates.length)];
        String condition = condition(random, 0);
        long now = TO - 1 - random.nextLong(2 * 3_600_000L);
        int minutes = 10 + random.nextInt(200);
        String select = keys.isEmpty() ? aggregate : String.join(", ", keys) + ", " + aggregate;
        String tail = "FROM events WHERE ts > now() - INTERVAL '" + minutes + " minutes' AND ts <= now() AND "
                + condition + (keys.isEmpty() ? "" : " GROUP BY " + String.join(", ", keys));
        String tessera = "SELECT " + select + " " + tail;
        String duckSql = ("SELECT " + select.replace("approx_count_distinct(shard)", "count(DISTINCT shard)") + " "
                        + tail)
                .replace("now()", "epoch_ms(" + now + ")");
        return new Query(tessera, duckSql, keys, aggregate, condition, now);
    }

    private static String condition(Random random, int depth) {
        int kind = random.nextInt(depth >= 2 ? 4 : 7);
        return switch (kind) {
            case 0 -> "region " + (random.nextBoolean() ? "=" : "<>") + " '" + region(random) + "'";
            case 1 -> "code " + new String[] {"=", "<>", "<", "<=", ">", ">="}[random.nextInt(6)] + " " + code(random);
            case 2 ->
                "region " + (random.nextBoolean() ? "IN" : "NOT IN") + " ('" + region(random) + "', '" + region(random)
                        + "')";
            case 3 ->
                "code " + (random.nextBoolean() ? "IN" : "NOT IN") + " (" + code(random) + ", " + code(random) + ")";
            case 4 -> "(" + condition(random, depth + 1) + " AND " + condition(random, depth + 1) + ")";
            case 5 -> "(" + condition(random, depth + 1) + " OR " + condition(random, depth + 1) + ")";
            default -> "NOT (" + condition(random, depth + 1) + ")";
        };
    }

    private static String region(Random random) {
        // now and then a value no row has
        return random.nextInt(12) == 0 ? "mars-1" : SqlTestTable.REGIONS[random.nextInt(SqlTestTable.REGIONS.length)];
    }

    private static long code(Random random) {
        return SqlTestTable.CODES[random.nextInt(SqlTestTable.CODES.length)];
    }

    /** Each group's quantile within the stated rank bound of DuckDB's values of that group. */
    private static void checkQuantiles(Query q, SqlResult mine, Map<List<Object>, Object[]> mineByKey)
            throws Exception {
        String keys = q.keys().isEmpty() ? "" : String.join(", ", q.keys()) + ", ";
        String sql = ("SELECT " + keys + "list(latency) FROM events WHERE ts > now() - INTERVAL '"
                        + q.tessera().split("INTERVAL '")[1].split("'")[0] + "' AND ts <= now() AND " + q.condition()
                        + (q.keys().isEmpty() ? "" : " GROUP BY " + String.join(", ", q.keys())))
                .replace("now()", "epoch_ms(" + q.now() + ")");
        double bound = mine.approximate() ? mine.errorBound().error() : 0;
        int groups = 0;
        try (Statement s = duck.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                Object[] key = new Object[q.keys().size()];
                for (int k = 0; k < key.length; k++) {
                    key[k] = normal(rs.getObject(k + 1));
                }
                java.sql.Array list = rs.getArray(key.length + 1);
                if (list == null) {
                    continue;
                }
                Object[] values = (Object[]) list.getArray();
                double[] sorted = new double[values.length];
                for (int v = 0; v < sorted.length; v++) {
                    sorted[v] = ((Number) values[v]).doubleValue();
                }
                Arrays.sort(sorted);
                if (sorted.length == 0) {
                    continue;
                }
                groups++;
                Object[] row = mineByKey.get(Arrays.asList(key));
                assertThat(row)
                        .as(q.tessera() + " group " + Arrays.toString(key))
                        .isNotNull();
                double answer = (Double) row[key.length];
                assertThat(RankError.of(sorted, answer, 0.9))
                        .as(q.tessera() + " group " + Arrays.toString(key) + " n=" + sorted.length)
                        .isLessThanOrEqualTo(bound + 1.0 / sorted.length);
            }
        }
        long answered =
                mine.rows().stream().filter(r -> r[q.keys().size()] != null).count();
        assertThat(answered).as(q.tessera()).isEqualTo(groups);
    }

    private static Map<List<Object>, Object[]> byKey(List<Object[]> rows, int keys) {
        Map<List<Object>, Object[]> out = new HashMap<>();
        for (Object[] row : rows) {
            List<Object> key = new ArrayList<>();
            for (int k = 0; k < keys; k++) {
                key.add(normal(row[k]));
            }
            out.put(key, row);
        }
        return out;
    }

    private static Object normal(Object o) {
        return o instanceof Number n ? (Object) n.longValue() : o.toString();
    }
}
