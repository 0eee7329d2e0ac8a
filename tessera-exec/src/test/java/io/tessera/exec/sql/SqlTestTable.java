package io.tessera.exec.sql;

import io.tessera.core.Batch;
import io.tessera.core.Column;
import io.tessera.core.ColumnType;
import io.tessera.core.TableSchema;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * A seeded table {@code events} for SQL tests: times spread over six hours (millisecond precision,
 * not sorted), dimensions of cardinality 5 to 1000, NaN-free positive measures, and a unique
 * {@code seq} for total orders.
 */
final class SqlTestTable {

    static final long BASE = Instant.parse("2024-03-01T00:00:00Z").toEpochMilli();
    static final long SPAN = 6 * 3_600_000L;
    static final String[] REGIONS = {"eu-west", "eu-north", "us-east", "us-west", "ap-south"};
    static final long[] CODES = {200, 201, 204, 301, 400, 404, 429, 500, 503};

    static final TableSchema SCHEMA = new TableSchema(
            "events",
            "ts",
            List.of(
                    new Column("host", ColumnType.STRING), new Column("region", ColumnType.STRING),
                    new Column("code", ColumnType.LONG), new Column("shard", ColumnType.LONG)),
            List.of(
                    new Column("latency", ColumnType.DOUBLE),
                    new Column("bytes", ColumnType.LONG),
                    new Column("seq", ColumnType.LONG)));

    final int rows;
    final long[] ts;
    final String[] host;
    final String[] region;
    final long[] code;
    final long[] shard;
    final double[] latency;
    final long[] bytes;
    final long[] seq;

    SqlTestTable(int rows, long seed) {
        this(rows, seed, false);
    }

    /** {@code timeOrdered}: rows in time order, as ingestion appends them. */
    SqlTestTable(int rows, long seed, boolean timeOrdered) {
        this.rows = rows;
        SplittableRandom r = new SplittableRandom(seed);
        ts = new long[rows];
        host = new String[rows];
        region = new String[rows];
        code = new long[rows];
        shard = new long[rows];
        latency = new double[rows];
        bytes = new long[rows];
        seq = new long[rows];
        String[] hosts = new String[50];
        for (int i = 0; i < hosts.length; i++) {
            hosts[i] = "host-" + i;
        }
        for (int i = 0; i < rows; i++) {
            ts[i] = BASE + r.nextLong(SPAN);
            int h = (int) Math.min(hosts.length - 1, Math.abs(r.nextGaussian()) * 12);
            host[i] = hosts[h];
            region[i] = REGIONS[h % REGIONS.length];
            code[i] = CODES[r.nextInt(10) < 7 ? 0 : r.nextInt(CODES.length)];
            shard[i] = r.nextInt(1000);
            latency[i] = Math.exp(r.nextGaussian() * 0.8 + 3) * (1 + h / 50.0);
            bytes[i] = r.nextLong(1_000_000);
            seq[i] = i;
        }
        if (timeOrdered) {
            java.util.Arrays.sort(ts);
        }
    }

    Batch batch() {
        return new Batch(SCHEMA.rowSchema(), rows, ts, host, region, code, shard, latency, bytes, seq);
    }

    /** Each host's latencies of the rows in {@code (from, to]}, sorted. */
    Map<String, double[]> sortedLatenciesByHost(long from, long to) {
        Map<String, List<Double>> values = new HashMap<>();
        for (int i = 0; i < rows; i++) {
            if (ts[i] > from && ts[i] <= to) {
                values.computeIfAbsent(host[i], h -> new ArrayList<>()).add(latency[i]);
            }
        }
        Map<String, double[]> sorted = new HashMap<>();
        values.forEach((h, v) -> sorted.put(
                h, v.stream().mapToDouble(Double::doubleValue).sorted().toArray()));
        return sorted;
    }

    /** A new in-process DuckDB holding these rows as {@code events}, its session in UTC. */
    Connection newDuckDb() throws SQLException {
        Connection duck = java.sql.DriverManager.getConnection("jdbc:duckdb:");
        loadInto(duck);
        try (Statement s = duck.createStatement()) {
            s.execute("SET TimeZone = 'UTC'");
        }
        return duck;
    }

    void loadInto(Connection duck) throws SQLException {
        try (Statement s = duck.createStatement()) {
            s.execute("CREATE TABLE raw_events (ts_ms BIGINT, host VARCHAR, region VARCHAR, code BIGINT, shard BIGINT, "
                    + "latency DOUBLE, bytes BIGINT, seq BIGINT)");
        }
        try (DuckDBAppender a =
                ((DuckDBConnection) duck).createAppender(DuckDBConnection.DEFAULT_SCHEMA, "raw_events")) {
            for (int i = 0; i < rows; i++) {
                a.beginRow();
                a.append(ts[i]);
                a.append(host[i]);
                a.append(region[i]);
                a.append(code[i]);
                a.append(shard[i]);
                a.append(latency[i]);
                a.append(bytes[i]);
                a.append(seq[i]);
                a.endRow();
            }
        }
        try (Statement s = duck.createStatement()) {
            s.execute(
                    "CREATE TABLE events AS SELECT epoch_ms(ts_ms) AS ts, host, region, code, shard, latency, bytes, seq "
                            + "FROM raw_events");
            s.execute("DROP TABLE raw_events");
        }
    }
}
