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

    private DuckDbOracle() {}

    static List<Object[]> query(Connection duck, String sql, List<SqlType> types) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        try (Statement s = duck.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            if (n != types.size()) {
                throw new AssertionError("DuckDB returned " + n + " columns, Tessera " + types.size() + " for " + sql);
            }
            while (rs.next()) {
                Object[] row = new Object[n];
                for (int c = 0; c < n; c++) {
                    Object o = rs.getObject(c + 1);
                    SqlType type = types.get(c);
                    if (o != null && type.isArray()) {
                        List<Object> list = new ArrayList<>();
                        for (Object e : (Object[]) rs.getArray(c + 1).getArray()) {
                            list.add(scalar(e, type.element()));
                        }
                        row[c] = List.copyOf(list);
                        continue;
                    }
                    row[c] = o == null
                            ? null
                            : type == SqlType.TIMESTAMP
                                    ? rs.getObject(c + 1, LocalDateTime.class)
                                            .toInstant(ZoneOffset.UTC)
                                            .toEpochMilli()
                                    : scalar(o, type);
                }
                rows.add(row);
            }
        }
        return rows;
    }

    private static Object scalar(Object o, SqlType type) {
        return switch (type) {
            case BIGINT -> ((Number) o).longValue();
            case DOUBLE -> ((Number) o).doubleValue();
            case VARCHAR -> o.toString();
            case TIMESTAMP ->
                o instanceof LocalDateTime t
                        ? t.toInstant(ZoneOffset.UTC).toEpochMilli()
                        : ((java.sql.Timestamp) o)
                                .toLocalDateTime()
                                .toInstant(ZoneOffset.UTC)
                                .toEpochMilli();
            default -> throw new IllegalStateException("no nested " + type);
        };
    }
}
