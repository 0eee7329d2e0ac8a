package io.tessera.exec.sql;

import io.tessera.sql.SqlType;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** Runs SQL on an in-process DuckDB and hands back rows in the value forms of {@link SqlResult}. */
final class DuckDbOracle {

    private DuckDbOracle() {
    }

    static List<Object[]> query(Connection duck, String sql, List<SqlType> types) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        try (Statement s = duck.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            if (n != types.size()) {
                throw new AssertionError("DuckDB returned " + n + " columns, Tessera " + types.size() + " for " + sql);
            }
            while (rs.next()) {
                Object[] row = new Object[n];
                for (int c = 0; c < n; c++) {
                    Object o = rs.getObject(c + 1);
                    row[c] = o == null ? null : switch (types.get(c)) {
                        case BIGINT -> ((Number) o).longValue();
                        case DOUBLE -> ((Number) o).doubleValue();
                        case VARCHAR -> o.toString();
                        case TIMESTAMP -> rs.getObject(c + 1, LocalDateTime.class).toInstant(ZoneOffset.UTC).toEpochMilli();
                    };
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
