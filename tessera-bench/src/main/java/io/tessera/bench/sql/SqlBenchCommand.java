package io.tessera.bench.sql;

import io.tessera.bench.QueryRepetitions;
import io.tessera.core.TableCatalog;
import io.tessera.exec.context.QueryLimits;
import io.tessera.exec.context.RunContext;
import io.tessera.exec.memory.InMemoryDataStore;
import io.tessera.exec.sql.SqlEngine;
import io.tessera.exec.sql.SqlResult;
import io.tessera.exec.sql.SqlView;
import io.tessera.exec.sql.SqlViewBuilder;
import io.tessera.spi.DataStore;
import io.tessera.sql.AggregateFunction;
import io.tessera.store.table.TableStore;
import io.tessera.store.table.TableStoreConfig;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tessera bench sql}: windowed GROUP BY queries (quantiles, distinct counts, a sum) on the
 * same table in Tessera and in an in-process DuckDB, side by side in one JVM. Tessera answers
 * each query twice: exactly from raw rows, and from views (per-(group, pane) states built by an
 * ingestion run, the off-grid window edges exact from raw rows). DuckDB answers exactly. Printed:
 * p50 latencies (each in its own block of runs), from views both warm (the engine keeps the
 * panes' merge between evaluations at the same pane range) and cold (a new engine each time),
 * the mean over a dashboard's refreshes with {@code now} moving a minute each, the ratios
 * DuckDB / views, and the view answers' largest relative error against DuckDB's exact answers.
 */
@Command(
        name = "sql",
        description =
                "Windowed quantile and count-distinct GROUP BY queries: Tessera (exact and from views) against DuckDB.")
public final class SqlBenchCommand implements Callable<Integer> {

    private static final long HOUR = 3_600_000;
    private static final long OFF_GRID_MS = 23_457;
    private static final long SEED = 20_260_612L;
    private static final int MOVING_STEPS = 30;

    @Option(names = "--quick", description = "1,000,000 rows and 7 measured runs instead of 5,000,000 and 10.")
    boolean quick;

    @Option(names = "--rows", description = "Rows of the table.")
    Integer rows;

    @Mixin
    private final QueryRepetitions repetitions = new QueryRepetitions(20);

    @Option(
            names = "--warmup-seconds",
            defaultValue = "2",
            description =
                    "Keep warming up each block for at least this long, "
                            + "so a path fast enough that the warm-up runs take milliseconds is compiled too (default ${DEFAULT-VALUE}).")
    double warmupSeconds;

    @Option(
            names = "--pane-minutes",
            defaultValue = "5",
            description = "The views' pane width in minutes (the planner picks gcd(window, "
                    + "refresh interval): 1 for dashboards refreshing every minute; default ${DEFAULT-VALUE}).")
    int paneMinutes;

    @Option(
            names = "--table-store",
            description = "Read the table's rows from the server's table store (chunks, dictionary-encoded "
                    + "strings) instead of the in-memory test store; views stay in memory either way.")
    boolean tableStore;

    @Option(names = "--only", description = "Run only the queries whose name contains this text.")
    String only;

    private final PrintStream out = System.out;

    /** One benchmark query: Tessera's text, DuckDB's exact equivalent, how many key columns lead. */
    record BenchQuery(String name, String tessera, String duck, int keys) {}

    @Override
    public Integer call() throws Exception {
        int n = rows != null ? rows : quick ? 1_000_000 : 5_000_000;
        int reps = repetitions.measuredOr(quick ? 7 : 10);
        // 6 h of windows and the hour the moving evaluations (and their warm-up) go back
        long span = 6 * HOUR + 2 * MOVING_STEPS * 60_000L;
        long start = 1_767_225_600_000L;
        long now = start + span - OFF_GRID_MS;
        long pane = paneMinutes * 60_000L;
        out.printf(
                Locale.ROOT,
                "SQL bench: table events (%s), %,d rows over %.1f h in time order; views on %d-minute panes; "
                        + "windows end %d ms off the pane grid; p50 of %d runs after %d warm-up runs and at least %.1f s%n",
                tableStore ? "rows in the server's table store" : "rows in the in-memory test store",
                n,
                (double) span / HOUR,
                pane / 60_000,
                OFF_GRID_MS,
                reps,
                repetitions.warmup(),
                warmupSeconds);

        SqlBenchTable table = new SqlBenchTable(n, start, span, SEED);
        InMemoryDataStore memory = new InMemoryDataStore().putTable(SqlBenchTable.SCHEMA, table.batch());
        DataStore store = tableStore ? new TableStoreRows(tableStoreOf(table), memory) : memory;
        TableCatalog catalog = TableCatalog.of(SqlBenchTable.SCHEMA);
        List<SqlView> views = List.of(
                new SqlView("events", List.of("host"), AggregateFunction.QUANTILE, "latency", pane, span),
                new SqlView(
                        "events",
                        List.of("region", "code"),
                        AggregateFunction.APPROX_COUNT_DISTINCT,
                        "shard",
                        pane,
                        span),
                new SqlView("events", List.of("host"), AggregateFunction.APPROX_COUNT_DISTINCT, "seq", pane, span),
                new SqlView("events", List.of("region"), AggregateFunction.SUM, "bytes", pane, span),
                // a state per (code, host): conditions on code read it, whatever codes they name
                new SqlView("events", List.of("code", "host"), AggregateFunction.QUANTILE, "latency", pane, span));
        long b0 = System.nanoTime();
        for (SqlView v : views) {
            SqlViewBuilder.build(v, SqlBenchTable.SCHEMA, store, memory, start, start + span, context(start + span));
        }
        out.printf(
                Locale.ROOT,
                "ingestion runs: %d views x %d panes built in %.1f s%n",
                views.size(),
                span / pane,
                (System.nanoTime() - b0) / 1e9);

        List<BenchQuery> queries = List.of(
                q(
                        "p99 by host, 1h",
                        "SELECT host, quantile(0.99)(latency) FROM events WHERE ts > now() - INTERVAL '1 hour' "
                                + "AND ts <= now() GROUP BY host",
                        1),
                q(
                        "p99 by host where code >= 500, 1h",
                        "SELECT host, quantile(0.99)(latency) FROM events "
                                + "WHERE ts > now() - INTERVAL '1 hour' AND ts <= now() AND code >= 500 GROUP BY host",
                        1),
                q(
                        "p50 by host, 3h",
                        "SELECT host, percentile_cont(0.5) WITHIN GROUP (ORDER BY latency) FROM events "
                                + "WHERE ts > now() - INTERVAL '3 hours' AND ts <= now() GROUP BY host",
                        1),
                q(
                        "p90 by host, 6h",
                        "SELECT host, quantile(0.9)(latency) FROM events WHERE ts > now() - INTERVAL '6 hours' "
                                + "AND ts <= now() GROUP BY host",
                        1),
                q(
                        "distinct shards by region, code, 1h",
                        "SELECT region, code, approx_count_distinct(shard) FROM events "
                                + "WHERE ts > now() - INTERVAL '1 hour' AND ts <= now() GROUP BY region, code",
                        2),
                q(
                        "distinct seq by host, 6h",
                        "SELECT host, approx_count_distinct(seq) FROM events "
                                + "WHERE ts > now() - INTERVAL '6 hours' AND ts <= now() GROUP BY host",
                        1),
                q(
                        "sum bytes by region, 3h (exact state)",
                        "SELECT region, sum(bytes) FROM events "
                                + "WHERE ts > now() - INTERVAL '3 hours' AND ts <= now() GROUP BY region",
                        1),
                q(
                        "p99 by 5-min bucket, host, 6h",
                        "SELECT time_bucket(INTERVAL '5 minutes', ts) AS t, host, quantile(0.99)(latency) "
                                + "FROM events WHERE ts > now() - INTERVAL '6 hours' AND ts <= now() GROUP BY t, host",
                        2),
                q(
                        "distinct shards by 15-min bucket, region, code, 6h",
                        "SELECT time_bucket(INTERVAL '15 minutes', ts) AS t, region, code, "
                                + "approx_count_distinct(shard) FROM events WHERE ts > now() - INTERVAL '6 hours' AND ts <= now() "
                                + "GROUP BY t, region, code",
                        3),
                q(
                        "sum bytes by hour, region, 6h",
                        "SELECT date_trunc('hour', ts) AS t, region, sum(bytes) FROM events "
                                + "WHERE ts > now() - INTERVAL '6 hours' AND ts <= now() GROUP BY t, region",
                        2));

        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            long l0 = System.nanoTime();
            table.loadInto(duck);
            try (Statement s = duck.createStatement()) {
                s.execute("SET TimeZone = 'UTC'");
            }
            out.printf(
                    Locale.ROOT,
                    "DuckDB: loaded in %.1f s (in-process, JDBC, %d threads)%n",
                    (System.nanoTime() - l0) / 1e9,
                    threads(duck));
            out.println();
            out.printf(
                    Locale.ROOT,
                    "%-52s %10s %10s %10s %10s %10s %9s %9s %11s  %s%n",
                    "query",
                    "DuckDB ms",
                    "exact ms",
                    "views ms",
                    "cold ms",
                    "moving ms",
                    "DuckDB/v",
                    "DuckDB/mv",
                    "max rel err",
                    "stated bound");
            List<Double> ratios = new ArrayList<>();
            SqlEngine engine = new SqlEngine();
            for (BenchQuery bq : queries) {
                if (only != null && !bq.name().contains(only)) {
                    continue;
                }
                String duckSql = bq.duck().replace("now()", "epoch_ms(" + now + ")");
                // the exact engine first: the heap it grows and leaves is collected before the others
                double[] p50s = blocks(
                        reps,
                        () -> engine.execute(bq.tessera(), store, catalog, context(now)),
                        () -> duckRows(duck, duckSql, bq.keys()),
                        () -> engine.execute(bq.tessera(), store, catalog, context(now), views),
                        () -> new SqlEngine().execute(bq.tessera(), store, catalog, context(now), views));
                double duckMs = p50s[1];
                double viewMs = p50s[2];
                System.gc();
                double movingMs = moving(engine, bq, store, catalog, views, now);
                SqlResult viewed = engine.execute(bq.tessera(), store, catalog, context(now), views);
                if (viewed.infos().stream().noneMatch(s -> s.contains("answered from view"))) {
                    throw new IllegalStateException(
                            "query " + bq.name() + " was not answered from a view: " + viewed.infos());
                }
                double err = maxRelativeError(viewed, duckRows(duck, duckSql, bq.keys()), bq.keys());
                ratios.add(duckMs / viewMs);
                out.printf(
                        Locale.ROOT,
                        "%-52s %10.2f %10.2f %10.3f %10.2f %10.2f %8.1fx %8.1fx %11.2e  %s%n",
                        bq.name(),
                        duckMs,
                        p50s[0],
                        viewMs,
                        p50s[3],
                        movingMs,
                        duckMs / viewMs,
                        duckMs / movingMs,
                        err,
                        viewed.approximate() ? viewed.errorBound().describe() : "exact");
            }
            if (ratios.isEmpty()) {
                return 0;
            }
            double[] sorted =
                    ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            out.printf(
                    Locale.ROOT,
                    "%nDuckDB / Tessera-from-views latency ratio: min %.1fx, median %.1fx, max %.1fx (target: >= 10x)%n",
                    sorted[0],
                    sorted[sorted.length / 2],
                    sorted[sorted.length - 1]);
        }
        return 0;
    }

    private static TableStore tableStoreOf(SqlBenchTable table) {
        TableStore rows = new TableStore(TableCatalog.of(SqlBenchTable.SCHEMA), TableStoreConfig.defaults());
        rows.append(SqlBenchTable.SCHEMA.name(), table.batch());
        return rows;
    }

    private static BenchQuery q(String name, String tessera, int keys) {
        String duck = tessera.replaceAll("quantile\\(([0-9.]+)\\)\\((\\w+)\\)", "quantile_cont($2, $1)")
                .replaceAll("approx_count_distinct\\((\\w+)\\)", "count(DISTINCT $1)");
        return new BenchQuery(name, tessera, duck, keys);
    }

    private static RunContext context(long now) {
        return new RunContext(0, now, 60_000, QueryLimits.DEFAULTS);
    }

    private static int threads(Connection duck) throws Exception {
        try (Statement s = duck.createStatement();
                ResultSet rs = s.executeQuery("SELECT current_setting('threads')")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** DuckDB's rows keyed by their leading key columns, the last column as a number. */
    private static Map<List<Object>, Double> duckRows(Connection duck, String sql, int keys) throws Exception {
        Map<List<Object>, Double> rows = new HashMap<>();
        try (Statement s = duck.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                Object[] key = new Object[keys];
                for (int k = 0; k < keys; k++) {
                    Object o = rs.getObject(k + 1);
                    key[k] = switch (o) {
                        case Number num -> num.longValue();
                        case java.sql.Timestamp t ->
                            t.toLocalDateTime()
                                    .toInstant(java.time.ZoneOffset.UTC)
                                    .toEpochMilli();
                        case java.time.LocalDateTime t ->
                            t.toInstant(java.time.ZoneOffset.UTC).toEpochMilli();
                        default -> o.toString();
                    };
                }
                rows.put(Arrays.asList(key), ((Number) rs.getObject(keys + 1)).doubleValue());
            }
        }
        return rows;
    }

    private static double maxRelativeError(SqlResult mine, Map<List<Object>, Double> exact, int keys) {
        if (mine.rows().size() != exact.size()) {
            throw new IllegalStateException("Tessera has " + mine.rows().size() + " groups, DuckDB " + exact.size());
        }
        double worst = 0;
        for (Object[] row : mine.rows()) {
            Double e = exact.get(Arrays.asList(Arrays.copyOf(row, keys)));
            if (e == null) {
                throw new IllegalStateException("DuckDB has no group " + Arrays.toString(Arrays.copyOf(row, keys)));
            }
            double v = ((Number) row[keys]).doubleValue();
            worst = Math.max(worst, e == 0 ? Math.abs(v) : Math.abs(v - e) / Math.abs(e));
        }
        return worst;
    }

    private interface Run {
        Object run() throws Exception;
    }

    /**
     * The p50 latency of each run, each measured in its own block of {@code --warmup} unmeasured and
     * {@code reps} measured runs (the warm-up lasting at least {@code --warmup-seconds}), the heap collected before each block (so one run's garbage is not
     * collected in another's time).
     */
    private double[] blocks(int reps, Run... runs) throws Exception {
        double[] p50 = new double[runs.length];
        for (int r = 0; r < runs.length; r++) {
            System.gc();
            long warmEnd = System.nanoTime() + (long) (warmupSeconds * 1e9);
            for (int i = 0; i < repetitions.warmup() || System.nanoTime() < warmEnd; i++) {
                runs[r].run();
            }
            double[] ms = new double[reps];
            for (int i = 0; i < reps; i++) {
                long t0 = System.nanoTime();
                runs[r].run();
                ms[i] = (System.nanoTime() - t0) / 1e6;
            }
            Arrays.sort(ms);
            p50[r] = ms[reps / 2];
        }
        return p50;
    }

    /**
     * The mean latency from views of a dashboard refreshing every minute: one engine, {@code now}
     * moving 1 minute per evaluation over the last 30 minutes, so every fifth evaluation reads a new
     * pane range and slides its panes' merge. The dashboard has been refreshing for the 30 minutes
     * before (unmeasured, as the other columns' warm-up runs are): the path that slides a merge runs
     * at one evaluation in five, and would otherwise be measured before the JIT compiled it.
     */
    private static double moving(
            SqlEngine engine, BenchQuery bq, DataStore store, TableCatalog catalog, List<SqlView> views, long now) {
        int steps = MOVING_STEPS;
        for (int i = 2 * steps; i > steps; i--) {
            engine.execute(bq.tessera(), store, catalog, context(now - (i - 1) * 60_000L), views);
        }
        long total = 0;
        for (int i = steps; i > 0; i--) {
            long t = now - (i - 1) * 60_000L;
            long t0 = System.nanoTime();
            SqlResult r = engine.execute(bq.tessera(), store, catalog, context(t), views);
            total += System.nanoTime() - t0;
            if (r.infos().stream().noneMatch(s -> s.contains("answered from view"))) {
                throw new IllegalStateException(
                        "moving evaluation of " + bq.name() + " at " + t + " was not answered from a view");
            }
        }
        return total / 1e6 / steps;
    }
}
