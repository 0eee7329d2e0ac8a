package io.tessera.server.sql;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** An in-memory DuckDB {@code requests} table, the reference the SQL answers over posted rows are checked against. */
final class DuckRequests {

    private DuckRequests() {}

    /** A new in-memory database holding an empty {@code requests (ts, host, status, latency, bytes)} table. */
    static Connection open() throws SQLException {
        Connection duck = DriverManager.getConnection("jdbc:duckdb:");
        try (Statement s = duck.createStatement()) {
            s.execute(
                    "CREATE TABLE requests (ts TIMESTAMP, host VARCHAR, status BIGINT, latency DOUBLE, bytes BIGINT)");
        }
        return duck;
    }

    /** A statement inserting rows into the table, added with {@link #addRow}. */
    static PreparedStatement insert(Connection duck) throws SQLException {
        return duck.prepareStatement("INSERT INTO requests VALUES (?, ?, ?, ?, ?)");
    }

    /** Adds one row, {@code ts} in epoch milliseconds, to {@code insert}'s batch. */
    static void addRow(PreparedStatement insert, long ts, String host, long status, double latency, long bytes)
            throws SQLException {
        insert.setObject(1, LocalDateTime.ofInstant(Instant.ofEpochMilli(ts), ZoneOffset.UTC));
        insert.setString(2, host);
        insert.setLong(3, status);
        insert.setDouble(4, latency);
        insert.setLong(5, bytes);
        insert.addBatch();
    }
}
