package io.tessera.exec.sql;

import static org.assertj.core.api.Assertions.assertThat;

import io.tessera.core.TableCatalog;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.sql.SqlType;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * Tessera's SQL answers against DuckDB's (in-process, JDBC) on the same generated table: exact
 * answers equal within 1e-9 relative, approx_count_distinct within the bound the result states.
 * This run has 20,000 rows and 300 queries; {@link SqlDuckDbMillionRowsTest} 1,000,000 rows and
 * 320 queries. {@code -Dtessera.sql.rows} and {@code -Dtessera.sql.queries}
 * override either.
 */
class SqlDuckDbDifferentialTest {

    static final double RELATIVE = 1e-9;

    @Test
    void generatedQueriesAgreeWithDuckDb() throws Exception {
        run(Integer.getInteger("tessera.sql.rows", 20_000), Integer.getInteger("tessera.sql.queries", 300), 7L);
    }

    static void run(int rows, int queries, long seed) throws Exception {
        SqlTestTable data = new SqlTestTable(rows, 20240301L + seed);
        InMemoryDataStore store = new InMemoryDataStore().putTable(SqlTestTable.SCHEMA, data.batch());
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            data.loadInto(duck);
            run(data, store, duck, rows, queries, seed);
        }
    }

    private static void run(
            SqlTestTable data, InMemoryDataStore store, Connection duck, int rows, int queries, long seed)
            throws Exception {
        SqlEngine engine = new SqlEngine();
        TableCatalog catalog = TableCatalog.of(SqlTestTable.SCHEMA);
        SqlQueryGenerator generator = new SqlQueryGenerator(seed, data);
        List<String> failures = new ArrayList<>();
        int agreed = 0;
        Tally tally = new Tally();
        int nonEmpty = 0;
        long tesseraNanos = 0;
        long duckNanos = 0;
        for (int i = 0; i < queries; i++) {
            SqlQueryGenerator.Generated q = generator.next();
            RunContext ctx = new RunContext(0, SqlTestTable.BASE + SqlTestTable.SPAN, 60_000, QueryLimits.DEFAULTS);
            long t0 = System.nanoTime();
            SqlResult mine = engine.execute(q.tessera(), store, catalog, ctx);
            long t1 = System.nanoTime();
            List<Object[]> theirs = DuckDbOracle.query(duck, q.duck(), mine.columnTypes());
            long t2 = System.nanoTime();
            tesseraNanos += t1 - t0;
            duckNanos += t2 - t1;
            String problem = compare(q, mine, theirs, tally);
            if (problem == null) {
                agreed++;
                nonEmpty += theirs.isEmpty() ? 0 : 1;
            } else {
                failures.add("query " + i + ": " + q.tessera() + "\n  DuckDB: " + q.duck() + "\n  " + problem);
            }
        }
        System.out.printf(
                "SQL differential: %d of %d queries agree with DuckDB on %,d rows (%d with rows); "
                        + "%d of %d approximate values within their stated bound; Tessera %.1f s, DuckDB %.1f s%n",
                agreed,
                queries,
                rows,
                nonEmpty,
                tally.checked - tally.outside,
                tally.checked,
                tesseraNanos / 1e9,
                duckNanos / 1e9);
        assertThat(failures)
                .as(String.join("\n", failures.subList(0, Math.min(5, failures.size()))))
                .isEmpty();
        assertThat(nonEmpty).as("queries whose answer has rows").isGreaterThan(queries / 2);
        assertThat(tally.checked).as("approximate values checked").isPositive();
        assertThat((double) tally.outside / tally.checked)
                .as("share of estimates outside a bound stated at " + tally.confidence + " confidence")
                .isLessThanOrEqualTo(1 - tally.confidence);
    }

    /** Estimates checked against DuckDB's exact count and how many fell outside the stated bound. */
    static final class Tally {
        long checked;
        long outside;
        double confidence = 1;
    }

    private static String compare(
            SqlQueryGenerator.Generated q, SqlResult mine, List<Object[]> theirs, Tally approximate) {
        if (mine.approximate()) {
            approximate.confidence =
                    Math.min(approximate.confidence, mine.errorBound().confidence());
        }
        List<Object[]> a = new ArrayList<>(mine.rows());
        List<Object[]> b = new ArrayList<>(theirs);
        if (a.size() != b.size()) {
            return "Tessera has " + a.size() + " rows, DuckDB " + b.size();
        }
        boolean anyApproximate = false;
        for (boolean x : q.approximate()) {
            anyApproximate |= x;
        }
        if (mine.approximate() != anyApproximate && !a.isEmpty()) {
            return "Tessera says approximate=" + mine.approximate();
        }
        if (!q.ordered()) {
            Comparator<Object[]> byKeys = (x, y) -> {
                for (int k = 0; k < q.keys(); k++) {
                    int c = RowFilters.compareValues(x[k], y[k]);
                    if (c != 0) {
                        return c;
                    }
                }
                return 0;
            };
            a.sort(byKeys);
            b.sort(byKeys);
        }
        List<SqlType> types = mine.columnTypes();
        for (int r = 0; r < a.size(); r++) {
            for (int c = 0; c < types.size(); c++) {
                Object x = a.get(r)[c];
                Object y = b.get(r)[c];
                String where = "row " + r + " column " + mine.columnNames().get(c) + ": Tessera " + x + ", DuckDB " + y;
                if (x == null || y == null) {
                    if (x != y) {
                        return where;
                    }
                    continue;
                }
                if (q.approximate()[c]) {
                    double exact = ((Number) y).doubleValue();
                    double error = Math.abs(((Number) x).doubleValue() - exact);
                    double bound = mine.errorBound().error() * exact + 0.5;
                    approximate.checked++;
                    if (error > bound) {
                        approximate.outside++;
                    }
                    if (error > 2 * bound) {
                        return where + " (more than twice the stated bound "
                                + mine.errorBound().describe() + ")";
                    }
                } else if (types.get(c) == SqlType.DOUBLE) {
                    double dx = (Double) x;
                    double dy = (Double) y;
                    if (Math.abs(dx - dy) > RELATIVE * Math.max(Math.abs(dx), Math.abs(dy))) {
                        return where;
                    }
                } else if (!Objects.equals(x, y)) {
                    return where;
                }
            }
        }
        return null;
    }
}
