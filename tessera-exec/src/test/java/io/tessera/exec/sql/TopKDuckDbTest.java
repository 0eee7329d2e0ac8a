package io.tessera.exec.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.TableCatalog;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@code topK(k)(x)} against DuckDB, which has no topK: its expectation is the values of each
 * group ranked by {@code count(*) DESC, x ASC} with {@code row_number()}, the first k gathered with
 * {@code list(x ORDER BY count DESC, x)}. Equal counts are ordered by the value in both.
 */
class TopKDuckDbTest {

    static final int ROWS = 20_000;
    static final String[] COLUMNS = {"host", "region", "code", "shard", "latency"};
    static final String[][] KEYS = {{}, {"region"}, {"code"}, {"region", "code"}, {"host"}};
    static final int[] K = {1, 2, 3, 5, 10, 50, 2000};

    @Test
    void generatedTopKQueriesAgreeWithDuckDb() throws Exception {
        SqlTestTable data = new SqlTestTable(ROWS, 606);
        InMemoryDataStore store = new InMemoryDataStore().putTable(SqlTestTable.SCHEMA, data.batch());
        TableCatalog catalog = TableCatalog.of(SqlTestTable.SCHEMA);
        SqlEngine engine = new SqlEngine();
        SplittableRandom r = new SplittableRandom(6);
        int compared = 0;
        int tieBreaking = 0;
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            data.loadInto(duck);
            try (Statement s = duck.createStatement()) {
                s.execute("SET TimeZone = 'UTC'");
            }
            for (int i = 0; i < 80; i++) {
                String column = COLUMNS[r.nextInt(COLUMNS.length)];
                String[] keys = KEYS[r.nextInt(KEYS.length)];
                int k = K[r.nextInt(K.length)];
                boolean defaultK = r.nextInt(8) == 0;
                if (defaultK) {
                    k = 10;
                }
                long from = SqlTestTable.BASE + r.nextLong(SqlTestTable.SPAN);
                long to = from + r.nextLong(SqlTestTable.SPAN / 2);
                String where = " WHERE ts > epoch_ms(" + from + ") AND ts <= epoch_ms(" + to + ")";
                String keyList = String.join(", ", keys);
                String lead = keys.length == 0 ? "" : keyList + ", ";
                String call = defaultK ? "topK(" + column + ")" : "topK(" + k + ")(" + column + ")";
                String tessera = "SELECT " + lead + call + " AS top FROM events" + where
                        + (keys.length == 0 ? "" : " GROUP BY " + keyList + " ORDER BY " + keyList);
                String partition = keys.length == 0 ? "" : "PARTITION BY " + keyList + " ";
                String inner = "SELECT " + lead + column + ", count(*) AS c, row_number() OVER (" + partition
                        + "ORDER BY count(*) DESC, " + column + " ASC) AS rn FROM events" + where + " GROUP BY " + lead
                        + column;
                String list = "list(" + column + " ORDER BY c DESC, " + column + " ASC)";
                String duckSql = keys.length == 0
                        ? "SELECT coalesce(" + list + ", []) FROM (" + inner + ") WHERE rn <= " + k
                        : "SELECT " + lead + list + " FROM (" + inner + ") WHERE rn <= " + k + " GROUP BY " + keyList
                                + " ORDER BY " + keyList;
                SqlResult mine =
                        engine.execute(tessera, store, catalog, new RunContext(0, to, 60_000, QueryLimits.DEFAULTS));
                assertThat(mine.approximate()).isFalse();
                assertThat(mine.columnTypes().getLast().isArray()).isTrue();
                List<Object[]> expected = DuckDbOracle.query(duck, duckSql, mine.columnTypes());
                assertThat(mine.rows()).as("%s%n  DuckDB: %s", tessera, duckSql).hasSameSizeAs(expected);
                for (int row = 0; row < expected.size(); row++) {
                    assertThat(mine.rows().get(row))
                            .as("%s row %d", tessera, row)
                            .containsExactly(expected.get(row));
                }
                compared++;
                // latency is almost unique and shard has 1000 values: their ranks are mostly ties broken by value
                tieBreaking += column.equals("latency") || column.equals("shard") ? 1 : 0;
            }
        }
        System.out.printf("topK: %d queries agree with DuckDB on %,d rows%n", compared, ROWS);
        assertThat(compared).isEqualTo(80);
        assertThat(tieBreaking)
                .as("queries whose order is mostly decided by the tie rule")
                .isGreaterThan(10);
    }

    @Test
    void topKRejectsWhatItCannotAnswer() {
        SqlTestTable data = new SqlTestTable(100, 1);
        InMemoryDataStore store = new InMemoryDataStore().putTable(SqlTestTable.SCHEMA, data.batch());
        TableCatalog catalog = TableCatalog.of(SqlTestTable.SCHEMA);
        RunContext ctx = new RunContext(0, SqlTestTable.BASE, 60_000, QueryLimits.DEFAULTS);
        List<String> errors = new ArrayList<>();
        for (String sql : List.of(
                "SELECT topK(0)(host) FROM events",
                "SELECT topK(2.5)(host) FROM events",
                "SELECT topKWeighted(3)(host, bytes) FROM events",
                "SELECT region, topK(3)(host) AS t FROM events GROUP BY region ORDER BY t")) {
            try {
                new SqlEngine().execute(sql, store, catalog, ctx);
                errors.add("accepted: " + sql);
            } catch (io.tessera.core.InvalidInputException e) {
                errors.add(e.getMessage());
            }
        }
        assertThat(errors)
                .satisfiesExactly(
                        e -> assertThat(e).contains("topK(k)(x) needs a whole number k from 1 to 10000"),
                        e -> assertThat(e).contains("topK(k)(x) needs a whole number k"),
                        e -> assertThat(e).contains("unsupported SQL: topKWeighted"),
                        e -> assertThat(e).contains("unsupported SQL: comparing or ordering by an array"));
    }
}
